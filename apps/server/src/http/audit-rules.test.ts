import { describe, expect, it } from 'vitest';
import { auditText, businessTypeOf, capText, isWriteCall, maskSecrets, titleOf } from './audit-rules';

describe('which calls are writes', () => {
  it.each([
    ['POST', '/api/v3/system/user/save', true],
    ['POST', '/api/v3/system/user/update/:id', true],
    ['POST', '/api/v3/system/user/page', false],
    ['POST', '/api/v3/system/role/list', false],
    ['POST', '/api/v3/account/getLoginInfo', false],
    ['POST', '/api/v3/monitor/operation/log/export', true],
    ['GET', '/api/v3/system/menu/delete/:id', true],
    ['GET', '/api/v3/monitor/operation/log/clean', true],
    ['GET', '/api/v3/system/job/exec/:id', true],
    ['GET', '/api/v3/system/user/info', false],
    ['GET', '/api/v3/system/dept/tree/all', false],
    ['DELETE', '/api/v3/anything/:id', true],
  ])('%s %s → %s', (method, url, expected) => {
    expect(isWriteCall(method, url)).toBe(expected);
  });
});

describe('business type', () => {
  it.each([
    ['/api/v3/system/user/save', 'insert'],
    ['/api/register', 'insert'],
    ['/api/v3/system/user/update/:id', 'update'],
    ['/api/v3/system/role/permission/update/:id', 'grant'],
    ['/api/v3/system/menu/delete/:id', 'delete'],
    ['/api/v3/monitor/online/user/logout/:key', 'forceLogout'],
    ['/api/v3/monitor/log/login/clean', 'clean'],
    ['/api/v3/system/user/export', 'export'],
    ['/api/v3/knowledge/qa-file/upload', 'import'],
    ['/api/v3/system/job/exec/:id', 'run'],
    ['/api/v3/qa-file/qaSave', 'insert'],
    ['/api/v3/qa-file/extDelete', 'delete'],
    ['/api/v3/permission/save', 'grant'],
    // "address" is not "add": a take-over, a hand reply and a release say what they do.
    ['/api/v3/address/conversation/takeover', 'takeOver'],
    ['/api/v3/address/conversation/reply', 'send'],
    ['/api/v3/address/conversation/release', 'release'],
    ['/api/v3/address/initAddressList', 'sync'],
    ['/api/v3/account/syncWktWechatLoginStatus', 'sync'],
    ['/api/v3/app/info/startApp/:id', 'start'],
    ['/api/v3/app/info/stopApp/:id', 'stop'],
    ['/api/v3/app/info/rotateKey/:id', 'update'],
    ['/api/v3/followup/robot/updateIsEnabled/:id', 'update'],
  ])('%s → %s', (url, type) => {
    expect(businessTypeOf(url)).toBe(type);
  });
});

describe('title', () => {
  it('takes the OpenAPI tag, else the path before the action', () => {
    expect(titleOf('/api/v3/system/user/save', ['system/user'])).toBe('system/user');
    expect(titleOf('/api/v3/system/post/update/:id', undefined)).toBe('system/post');
    expect(titleOf('/api/register', [])).toBe('register');
  });
});

describe('masking and capping', () => {
  it('masks every secret-looking key at any depth, case-insensitively', () => {
    const masked = maskSecrets({
      username: 'a',
      Password: 'p',
      nested: { accessToken: 't', list: [{ clientSecret: 's', AUTHORIZATION: 'Bearer x', keep: 1 }] },
      oldPassword: '',
    });
    expect(masked).toEqual({
      username: 'a',
      Password: '******',
      nested: { accessToken: '******', list: [{ clientSecret: '******', AUTHORIZATION: '******', keep: 1 }] },
      oldPassword: '',
    });
  });

  it('masks API keys and the value of a secret item, and keeps the secret flag readable', () => {
    expect(
      maskSecrets({ apiKey: 'ak-1', api_key: 'ak-2', items: [{ key: 'db', value: 'hunter2', secret: true }] }),
    ).toEqual({ apiKey: '******', api_key: '******', items: [{ key: 'db', value: '******', secret: true }] });
    expect(maskSecrets({ key: 'topK', value: '5', secret: false })).toEqual({ key: 'topK', value: '5', secret: false });
  });

  it('masks a QR login’s image and link, which confirm the login for whoever holds them', () => {
    expect(
      maskSecrets({ loginSessionId: 's1', qrImage: 'data:image/png;base64,AA', qrContent: 'http://x/phone/1' }),
    ).toEqual({
      loginSessionId: 's1',
      qrImage: '******',
      qrContent: '******',
    });
  });

  it('caps text at 2,000 characters and survives odd values', () => {
    expect(capText('x'.repeat(5_000))).toHaveLength(2_000);
    expect(capText('short')).toBe('short');
    expect(auditText({ a: 'y'.repeat(3_000) })).toHaveLength(2_000);
    expect(auditText(undefined)).toBeNull();
    expect(auditText({ big: 10n })).toBeNull();
  });
});
