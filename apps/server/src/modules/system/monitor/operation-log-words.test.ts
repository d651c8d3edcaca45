import { readFileSync } from 'node:fs';
import { aiRoleCommandSchema, BUSINESS_TYPES, LANGUAGES } from '@agent-console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';

/**
 * Issue 37: the operation log shows modules and actions in words. Every module the server can
 * record (from the route table, so a new route is checked by itself), every business type and
 * every command of a several-command route has words in each of the four languages.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const words = (language: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../web/src/platform/i18n/locales/${language}/monitor.json`, import.meta.url),
      'utf8',
    ),
  ) as { module: Record<string, string>; businessType: Record<string, string>; command: Record<string, string> };

describe('operation-log words', () => {
  it('has every recorded module, type and command in every language', () => {
    const recorded = t.app.routeTable.flatMap((route) => (route.audit ? [route.audit] : []));
    expect(recorded.length).toBeGreaterThan(50);
    const modules = [...new Set(recorded.map((a) => a.title))];
    const commands = aiRoleCommandSchema.options.map((o) => o.shape.command.value);
    for (const language of LANGUAGES) {
      const text = words(language);
      const missing = [
        ...modules.filter((m) => !text.module[m]?.trim()).map((m) => `module ${m}`),
        ...BUSINESS_TYPES.filter((b) => !text.businessType[b]?.trim()).map((b) => `type ${b}`),
        ...commands.filter((c) => !text.command[c]?.trim()).map((c) => `command ${c}`),
      ];
      expect(missing, language).toEqual([]);
    }
  });

  it('types a take-over, a hand reply and a release by what they do', () => {
    const typeOf = (url: string) => t.app.routeTable.find((r) => r.url === url)?.audit?.type;
    expect(typeOf('/api/v3/address/conversation/takeover')).toBe('takeOver');
    expect(typeOf('/api/v3/address/conversation/reply')).toBe('send');
    expect(typeOf('/api/v3/address/conversation/release')).toBe('release');
    expect(typeOf('/api/v3/address/conversation/resolve')).toBe('resolve');
  });
});
