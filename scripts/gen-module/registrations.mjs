/**
 * Registering the new module beside the post module at every registration point: the contracts
 * and schema indexes, the module list (`MODULES`), the permission codes, the seeded menu, and the web page and
 * i18n lists when they name modules (today they find them by file name). A point with no post line
 * to copy is refused, since the module would be generated but never wired in.
 */
import path from 'node:path';
import { refuse } from './errors.mjs';
import { insertSiblingElement, insertSortedLine } from './insert-beside.mjs';
import { cap } from './names.mjs';
import { CONTRACTS_DIR, SCHEMA_DIR, SEED_DIR, SOURCE, WEB_I18N_DIR, WEB_ROUTER_DIR } from './source-module.mjs';
import { isInImport, parse } from './syntax-tree.mjs';

const SOURCE_MENU = `System${cap(SOURCE)}`;

/** The contracts file whose object has a `post: {` group of `…:post:…` codes. */
export function findPermissionsFile(repo, contractsFile) {
  const permissionsFile = repo
    .files(CONTRACTS_DIR)
    .find(
      (f) =>
        f !== contractsFile &&
        new RegExp(`^\\s*${SOURCE}:\\s*\\{`, 'm').test(repo.read(f)) &&
        repo.read(f).includes(`:${SOURCE}:`),
    );
  if (!permissionsFile)
    refuse(`Registration point not found: permission codes (no "${SOURCE}: {" group in ${CONTRACTS_DIR}).`);
  return permissionsFile;
}

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

export function planRegistrations(repo, notes, { target, R, post, schemaFile, permissionsFile }) {
  const { read } = repo;
  const { sourceFiles, routesFile, contractsFile } = post;
  // builds on repo.current: two registration points may share a file
  const register = (label, file, fn) => {
    if (!repo.exists(file)) refuse(`Registration point not found: ${label} (${file} is missing). Nothing was written.`);
    const before = repo.current(file);
    const after = fn(before);
    if (after === undefined || after === before) {
      refuse(`Registration point not found: ${label} (no ${SOURCE} line in ${file}). Nothing was written.`);
    }
    repo.edit(file, after);
  };
  const contractsBase = path.posix.basename(contractsFile, '.ts');
  register('contracts index export', `${CONTRACTS_DIR}/index.ts`, (s) =>
    insertSortedLine(s, `./${contractsBase}`, `./${R.filePath(contractsBase)}`),
  );
  const schemaBase = path.posix.basename(schemaFile, '.ts');
  register('schema index export', `${SCHEMA_DIR}/index.ts`, (s) =>
    insertSortedLine(s, `./${schemaBase}`, `./${target.name}`),
  );

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

  register('permission codes', permissionsFile, (s) =>
    insertSiblingElement(
      s,
      (ast, k) => {
        const t = ast.tokens[k];
        return (
          t.type === 'ident' &&
          t.value === SOURCE &&
          ast.tokens[k + 1]?.value === ':' &&
          ast.tokens[k + 2]?.value === '{'
        );
      },
      R.code,
    ),
  );

  const seedFiles = repo
    .files(SEED_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && read(f).includes(`'${SOURCE_MENU}'`));
  if (!seedFiles.length) refuse(`Registration point not found: seed menu (no '${SOURCE_MENU}' in ${SEED_DIR}).`);
  for (const f of seedFiles) {
    register('seed menu and buttons', f, (s) =>
      insertSiblingElement(
        s,
        (ast, k) => ast.tokens[k].type === 'str' && ast.tokens[k].value.slice(1, -1) === SOURCE_MENU,
        (text) => R.cjk(R.code(text)),
      ),
    );
  }

  // web: page registry and i18n namespaces are file globs today; register a line only if one names post
  for (const [label, dir, globHint] of [
    ['web page registry', WEB_ROUTER_DIR, /import\.meta\.glob[^;]*pages\.ts/],
    ['i18n namespace list', WEB_I18N_DIR, /import\.meta\.glob[^;]*locales/],
  ]) {
    const files = repo.files(dir).filter((f) => /\.(ts|tsx)$/.test(f) && !sourceFiles.includes(f));
    const naming = files.filter((f) => new RegExp(`['"/]system[-/]${SOURCE}\\b`).test(read(f)));
    if (naming.length) {
      for (const f of naming) {
        register(label, f, (s) =>
          insertSiblingElement(
            s,
            (ast, k) => {
              const t = ast.tokens[k];
              return t.type === 'str' && new RegExp(`system[-/]${SOURCE}\\b`).test(t.value);
            },
            R.code,
          ),
        );
      }
    } else if (files.some((f) => globHint.test(read(f)))) {
      notes.push(`${label}: found by file name (import.meta.glob), nothing to register`);
    } else {
      refuse(
        `Registration point not found: ${label} (no ${SOURCE} entry and no file glob in ${dir}). Nothing was written.`,
      );
    }
  }
}
