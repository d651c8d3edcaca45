/**
 * The one registration a new feature needs outside its own files: its line in `MODULES` (with
 * the import of its manifest), beside the post feature's. Its contract is imported by path
 * (`@agent-console/contracts/system-<name>`), its tables, permission codes and menu are declared
 * in its own files, and the web finds its screens and texts by file glob; a point with no post line
 * to copy is refused, since the feature would be generated but never wired in.
 */
import path from 'node:path';
import { refuse } from './errors.mjs';
import { insertSiblingElement, insertSortedLine } from './insert-beside.mjs';
import { SOURCE, WEB_I18N_DIR, WEB_ROUTER_DIR } from './source-module.mjs';
import { isInImport, parse } from './syntax-tree.mjs';

/** How `file` imports the routes module (apps/server/src paths are relative to each other). */
function routesImport(file, routesImportPath) {
  const dir = path.posix.dirname(file).replace(/^apps\/server\/src\/?/, '');
  return path.posix.relative(dir || '.', routesImportPath);
}

/** The import of the routes function, sorted, and a sibling of every line that uses it. */
function registerRoutes(src, routesImportPath, file, R) {
  const relImport = routesImport(file, routesImportPath);
  const spec = relImport.startsWith('.') ? relImport : `./${relImport}`;
  const importLine = src.split('\n').find((l) => l.includes(`'${spec}'`));
  const fnName = importLine && /\{\s*(\w+)\s*\}/.exec(importLine)?.[1];
  if (!fnName) return undefined;
  const newName = R.ident(fnName);
  const renameName = (text) => text.replace(new RegExp(`\\b${fnName}\\b`, 'g'), newName);
  let out = insertSortedLine(src, spec, R.filePath(spec), renameName);
  if (!out) return undefined;
  const uses = parse(out)
    .tokens.map((t, k) => [t, k])
    .filter(([t]) => t.type === 'ident' && t.value === fnName);
  if (uses.length < 2) return undefined; // imported but never registered
  out = insertSiblingElement(
    out,
    (ast, k) => ast.tokens[k].type === 'ident' && ast.tokens[k].value === fnName && !isInImport(ast, k),
    renameName,
  );
  return out;
}

export function planRegistrations(repo, notes, { R, post }) {
  const { read } = repo;
  const { sourceFiles, routesFile } = post;
  const register = (label, file, fn) => {
    const before = repo.current(file);
    const after = fn(before);
    if (after === undefined || after === before) {
      refuse(`Registration point not found: ${label} (no ${SOURCE} line in ${file}). Nothing was written.`);
    }
    repo.edit(file, after);
  };

  // module registration: whoever imports the post feature's manifest (module.ts beside its routes)
  const routesImportPath = path.posix
    .join(path.posix.dirname(routesFile), 'module')
    .replace(/^apps\/server\/src\//, '');
  const registrars = repo
    .files('apps/server/src')
    .filter((f) => f.endsWith('.ts') && !sourceFiles.includes(f) && !f.endsWith('.test.ts'))
    .filter((f) => {
      const s = read(f);
      const relImport = routesImport(f, routesImportPath);
      return s.includes(`'./${relImport}'`) || s.includes(`'${relImport}'`);
    });
  if (!registrars.length)
    refuse(`Registration point not found: the module list (nothing imports ${routesImportPath}.ts).`);
  for (const f of registrars) {
    register('module list (MODULES)', f, (s) => registerRoutes(s, routesImportPath, f, R));
  }

  // web: the page registry and the i18n namespaces find features by file glob; say so, or refuse
  for (const [label, dir, globHint] of [
    ['web page registry', WEB_ROUTER_DIR, /import\.meta\.glob[^;]*pages\.ts/],
    ['i18n namespace list', WEB_I18N_DIR, /import\.meta\.glob[^;]*locales/],
  ]) {
    const files = repo.files(dir).filter((f) => /\.(ts|tsx)$/.test(f) && !sourceFiles.includes(f));
    if (!files.some((f) => globHint.test(read(f)))) {
      refuse(`Registration point not found: ${label} (no file glob in ${dir}). Nothing was written.`);
    }
    notes.push(`${label}: found by file name (import.meta.glob), nothing to register`);
  }
}
