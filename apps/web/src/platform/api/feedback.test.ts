import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

/** antd's own toast API, reached around `feedback` (which merges identical toasts). */
const DIRECT_TOAST =
  /\bmessage\.(success|error|warning|info|loading|open)\(|const \{[^}]*\bmessage\b[^}]*\} = App\.useApp\(\)/;

describe('toasts', () => {
  it('every screen shows toasts through platform/api/feedback, so identical ones merge', () => {
    const direct = sources(SRC)
      .filter((file) => !file.endsWith(path.join('api', 'feedback.tsx')))
      .filter((file) => DIRECT_TOAST.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(direct).toEqual([]);
  });

  it('the check recognises a direct toast', () => {
    expect(DIRECT_TOAST.test('const { message } = App.useApp();')).toBe(true);
    expect(DIRECT_TOAST.test("message.success(t('saved'));")).toBe(true);
    expect(DIRECT_TOAST.test("feedback.success(t('saved'));")).toBe(false);
  });
});
