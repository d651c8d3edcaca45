import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  describeFieldError,
  FIELD_REASONS,
  type FieldReason,
  fieldLabelOf,
  LANGUAGES,
  type Language,
} from '@agent-console/contracts';
import { useTestApp } from '@agent-console/server/test/test-app';
import { walkSchema } from '@agent-console/server/test/zod-walk';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listJobHandlers } from '../jobs/registry';
import { fieldMessage } from './error-handler';

/**
 * Issue 13: a wrong old password answered "Wrong username or password: oldPassword has an invalid
 * value". Field errors now speak with a label per field and a sentence per reason. This file walks
 * everything the server can name in a field error (every route's schema, every job's parameters,
 * every field and reason the sources pass to `AppError`) and proves each has words in all four
 * languages, and that no sentence built from them shows a request key or a reason key.
 */
const t = useTestApp();

/** Every path a client can send under this schema (`a.b` for nested, arrays and records transparent). */
function paths(schema: z.ZodType, at: string, out: Set<string>): void {
  walkSchema(
    schema,
    (node) => {
      const path = node.path.replace(/\[\]|\{\}/g, '');
      if (path) out.add(path);
    },
    at,
  );
}

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** The literal fields and reasons the server's own code puts into field errors. */
async function namedInSources(): Promise<{ fields: Set<string>; reasons: Set<string> }> {
  const fields = new Set<string>();
  const reasons = new Set<string>();
  for (const file of await sourceFiles(SERVER_SRC)) {
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(/AppError\.field\(\s*[^,]+,\s*([^,]+),\s*'([A-Za-z]+)'\s*\)/g)) {
      reasons.add(m[2] as string);
      for (const literal of (m[1] as string).matchAll(/'([^']+)'/g)) fields.add(literal[1] as string);
    }
    for (const m of text.matchAll(/field: '([^']+)',\s*reason: '([A-Za-z]+)'/g)) {
      fields.add(m[1] as string);
      reasons.add(m[2] as string);
    }
  }
  return { fields, reasons };
}

/** A request key or reason key as it would leak: a lower-case word with an inner capital. */
const CAMEL = /\b[a-z]+[A-Z][A-Za-z]*\b/;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

describe('field error messages', () => {
  it('every field a route accepts, a job takes or the sources name has a label in all four languages', async () => {
    const all = new Set<string>(['body', 'querystring', 'headers']);
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
        const schema = route.schema?.[part] as z.ZodType | undefined;
        if (schema && typeof (schema as { safeParse?: unknown }).safeParse === 'function') paths(schema, '', all);
      }
    }
    for (const handler of listJobHandlers(true)) paths(handler.paramsSchema as z.ZodType, 'params', all);
    const { fields } = await namedInSources();
    for (const f of fields) all.add(f);
    expect(all.size).toBeGreaterThan(80);
    expect(fields.has('oldPassword')).toBe(true);

    const unlabelled = [...all].filter((p) => !fieldLabelOf(p));
    expect(unlabelled).toEqual([]);
    for (const p of all) {
      const label = fieldLabelOf(p);
      expect(
        label?.every((words) => words.trim().length > 0),
        p,
      ).toBe(true);
      // Chinese and Japanese labels are written in those scripts, not copied from English.
      expect(
        label?.slice(1).every((words) => CJK.test(words)),
        p,
      ).toBe(true);
    }
  });

  it('every reason the server uses is a sentence in all four languages', async () => {
    const { reasons } = await namedInSources();
    expect(reasons.has('incorrect')).toBe(true);
    const unknown = [...reasons].filter((r) => !(r in FIELD_REASONS));
    expect(unknown).toEqual([]);
    for (const [key, words] of Object.entries(FIELD_REASONS)) {
      for (const lang of LANGUAGES) expect(words[lang].trim().length, `${key} ${lang}`).toBeGreaterThan(0);
      for (const lang of ['zh-chs', 'zh-cht', 'ja'] as const)
        expect(CJK.test(words[lang]), `${key} ${lang}`).toBe(true);
    }
  });

  it('no sentence built from a field and a reason shows a request key or a reason key', async () => {
    const { fields } = await namedInSources();
    const leaks: string[] = [];
    for (const field of [...fields, 'orderBy.field', 'titles.zh-cht', 'ids.3', 'x-file-purpose', 'somethingNew']) {
      for (const reason of Object.keys(FIELD_REASONS) as FieldReason[]) {
        for (const lang of LANGUAGES) {
          for (const code of ['A0400', 'A0440'] as const) {
            const message = fieldMessage(code, { field, reason }, lang);
            // camelCase catches `oldPassword` and `invalidValue`; a path or a dashed key shows as itself.
            const leaked = CAMEL.test(message) || (/[.-]/.test(field) && message.includes(field));
            if (leaked) leaks.push(`${field}/${reason}/${lang}: ${message}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(fieldMessage('A0400', { field: 'somethingNew', reason: 'tooLong' }, 'en')).toBe('This value is too long');
  });

  it('says the current password is wrong, in the caller’s language, naming the field only in data', async () => {
    const carol = await registerUser('carol13');
    const me = await t.call<{ id: number }>('GET', '/api/v3/system/user/info', { token: carol });
    const expected: Record<Language, string> = {
      en: 'Current password is incorrect',
      'zh-chs': '当前密码错误',
      'zh-cht': '目前密碼錯誤',
      ja: '現在のパスワードが正しくありません',
    };
    for (const lang of LANGUAGES) {
      const res = await t.call('POST', `/api/v3/system/user/password/update/${me.body.data.id}`, {
        token: carol,
        lang,
        body: { oldPassword: 'not-my-password', newPassword: 'fresh-pass-42', confirmPassword: 'fresh-pass-42' },
      });
      expect(res.body.code).toBe('A0210');
      expect(res.body.message).toBe(expected[lang]);
      expect(res.body.data).toEqual({ fields: [{ field: 'oldPassword', reason: 'incorrect' }] });
    }
    expect(describeFieldError({ field: 'oldPassword', reason: 'incorrect' }, 'zh-chs')).toBe('当前密码错误');
  });

  it('validation answers name fields by their labels, never by their keys', async () => {
    const admin = await t.loginAdmin();
    const res = await t.call('POST', '/api/v3/system/user/page', {
      token: admin,
      body: { pageNum: 1, pageSize: 10, orderBy: { field: 'nope', direction: 'up' } },
    });
    expect(res.body.code).toBe('A0400');
    expect(res.body.message).toBe('Sort order has an invalid value');
    const zh = await t.call('POST', '/api/v3/system/post/save', { token: admin, lang: 'zh-chs', body: { name: '' } });
    expect(zh.body.message).not.toMatch(CAMEL);
    expect(zh.body.message).toMatch(CJK);
  });
});

async function registerUser(username: string): Promise<string> {
  const [invite] = (await t.database.sql.query<{ code: string }>('SELECT code FROM invitation_codes LIMIT 1')).rows;
  const body = {
    username,
    password: 'secret-123',
    confirmPassword: 'secret-123',
    invitationCode: invite?.code,
    agreement: true,
  };
  const res = await t.call('POST', '/api/register', { body });
  if (res.body.code !== '00000') throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return t.login(username, 'secret-123');
}
