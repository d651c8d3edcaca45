import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every top-level name the contracts package declares (schemas, schema helpers, functions), and
 * the nested zod namespaces it calls: the build marks calls to them pure (vite.config.ts), so
 * each schema the web never reads drops out, and zod with them. The bundler also treats a method
 * call on any variable of such a name as pure, and drops it when its result is unused: the web
 * must not make such calls for their effect (checked by src/pure-names.test.ts).
 */
export function contractsDeclarations(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../packages/contracts/src');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(/^(?:export )?(?:const|function) ([A-Za-z_$][\w$]*)/gm)) {
      if (match[1]) names.add(match[1]);
    }
    // Nested namespaces such as `z.coerce.number` are matched by their full path only.
    for (const match of source.matchAll(/\bz\.[a-z]+\.[A-Za-z]+(?=\()/g)) names.add(match[0]);
  }
  return [...names];
}
