import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractsDeclarations } from '../pure-names';

const SRC = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The build marks every contracts declaration pure (vite.config.ts), and the bundler then also
 * treats a method call on a variable of the same name as pure and drops it when its result is
 * unused: `text.push(x)` on a local `text` vanished from the build while the unit tests passed.
 * Such calls made for their effect (a statement of their own) are found here instead.
 */
function collisions(source: string, pure: Set<string>): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|[;{}])\s*([A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)+\(/gm)) {
    const name = match[1] ?? '';
    if (pure.has(name) && !importsFromContracts(source, name)) found.push(match[0].replace(/^[;{}]?\s*/, ''));
  }
  return found;
}

function importsFromContracts(source: string, name: string): boolean {
  return new RegExp(`import[^;]*\\b${name}\\b[^;]*from '@agent-console/contracts'`).test(source);
}

describe('names the web build treats as pure', () => {
  const pure = new Set(contractsDeclarations().filter((n) => n !== 'z'));

  it('no web source calls a method on a local that shares a contracts name', () => {
    const offenders = sources(SRC).flatMap((file) =>
      collisions(readFileSync(file, 'utf8'), pure).map((call) => `${path.relative(SRC, file)}: ${call}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check finds such a call', () => {
    expect(collisions('const text = [];\ntext.push(1);', new Set(['text']))).toEqual(['text.push(']);
    expect(collisions('if (x) { text.items.push(1); }', new Set(['text']))).toEqual(['text.items.push(']);
    expect(collisions('const shown = text.slice(0, 3);', new Set(['text']))).toEqual([]);
    expect(collisions("import { text } from '@agent-console/contracts';\ntext.max(3);", new Set(['text']))).toEqual([]);
    expect(collisions('value.text.push(1);', new Set(['text']))).toEqual([]);
  });
});
