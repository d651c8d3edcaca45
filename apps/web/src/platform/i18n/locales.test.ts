import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every screen speaks the four languages: each namespace file exists in every locale with the
 * same keys, and no text is left empty. A key added in English only would show its raw key to a
 * Chinese or Japanese user.
 */
const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const LANGUAGES = ['en', 'zh-chs', 'zh-cht', 'ja'] as const;

/** The dotted keys of a locale file's leaves, and the leaves that are empty. */
function leaves(value: unknown, prefix = ''): { keys: string[]; empty: string[] } {
  if (typeof value === 'string') return { keys: [prefix], empty: value.trim() ? [] : [prefix] };
  const out = { keys: [] as string[], empty: [] as string[] };
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const inner = leaves(child, prefix ? `${prefix}.${key}` : key);
    out.keys.push(...inner.keys);
    out.empty.push(...inner.empty);
  }
  return out;
}

const read = (language: string, file: string) =>
  leaves(JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as unknown);

describe('locale files', () => {
  const namespaces = readdirSync(path.join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

  it('has every namespace in all four languages, and no other', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(LOCALES, language)).sort(), language).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s: the same keys in every language, none empty', (file) => {
    const english = read('en', file);
    for (const language of LANGUAGES) {
      const other = read(language, file);
      expect([...other.keys].sort(), `${language}/${file}`).toEqual([...english.keys].sort());
      expect(other.empty, `${language}/${file} empty texts`).toEqual([]);
    }
  });
});
