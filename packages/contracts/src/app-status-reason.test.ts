import { describe, expect, it } from 'vitest';
import { APP_FAILURES, parseAppFailure } from './app-status-reason';

describe('app failure reasons', () => {
  it('reads back every sentence the server stores', () => {
    expect(parseAppFailure(APP_FAILURES.portInUse({ port: 4100 }))).toEqual({
      key: 'portInUse',
      values: { port: '4100' },
    });
    expect(parseAppFailure(APP_FAILURES.portDenied({ port: 1024 }))).toEqual({
      key: 'portDenied',
      values: { port: '1024' },
    });
    expect(parseAppFailure(APP_FAILURES.portNotAllowed({ port: 8080 }))).toEqual({
      key: 'portNotAllowed',
      values: { port: '8080' },
    });
    expect(parseAppFailure(APP_FAILURES.hostUnavailable({ host: '10.9.9.9' }))).toEqual({
      key: 'hostUnavailable',
      values: { host: '10.9.9.9' },
    });
    expect(parseAppFailure(APP_FAILURES.listenerFailed({ detail: 'accept EMFILE' }))).toEqual({
      key: 'listenerFailed',
      values: { detail: 'accept EMFILE' },
    });
    expect(parseAppFailure(APP_FAILURES.listenerClosed())).toEqual({ key: 'listenerClosed', values: {} });
    expect(parseAppFailure('Something else')).toBeNull();
  });
});
