/**
 * The posts table in the Drizzle schema: finding it (and the tables that point at it, which only
 * posts have), and the new module's table, alone in a schema file of its own.
 */
import { pruneImports } from './cut.mjs';
import { parseOrRefuse, refuse } from './errors.mjs';
import { variants } from './names.mjs';
import { SCHEMA_DIR, SOURCE } from './source-module.mjs';
import { declaredNames, isImport, parse, statements } from './syntax-tree.mjs';

/**
 * The schema file declaring the posts table, the declaration itself, and the names of the tables
 * holding a `posts.id` reference (`user_posts`): whatever mentions those is cut from the copy.
 */
export function findPostTable(repo) {
  const schemaFiles = repo.files(SCHEMA_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('/index.ts'));
  const source = variants(SOURCE);
  const sourceTable = source.many.snake;
  let schemaFile;
  let tableDecl;
  const holders = [];
  for (const f of schemaFiles) {
    const text = repo.read(f);
    if (!text.includes(`'${sourceTable}'`) && !text.includes(`${source.many.camel}.id`)) continue;
    const ast = parseOrRefuse(f, () => parse(text));
    for (const range of statements(ast, ast.root)) {
      const stText = ast.src.slice(ast.tokens[range[0]].start, ast.tokens[range[1]].end);
      if (new RegExp(`pgTable\\(\\s*'${sourceTable}'`).test(stText)) {
        schemaFile = f;
        tableDecl = { ast, range };
      } else if (/pgTable\(/.test(stText) && new RegExp(`\\b${source.many.camel}\\.id\\b`).test(stText)) {
        holders.push(...declaredNames(ast, range));
      }
    }
  }
  if (!schemaFile || !tableDecl)
    refuse(`Cannot find the "${sourceTable}" table in ${SCHEMA_DIR}; nothing was written.`);
  return { schemaFiles, sourceTable, schemaFile, tableDecl, holders };
}

/**
 * The new table in its own file, with the imports of the posts' schema file it still uses: the
 * posts file may hold other tables, which must not be copied along.
 */
export function planSchemaFile(repo, { target, R, table, newSchemaFile }) {
  const { ast, range } = table.tableDecl;
  const src = ast.src;
  const imports = statements(ast, ast.root)
    .filter(([a]) => isImport(ast, a))
    .map(([a, b]) => src.slice(ast.tokens[a].start, ast.tokens[b].end));
  let first = range[0];
  while (ast.tokens[first].type === 'comment') first++;
  let decl = src.slice(ast.tokens[first].start, ast.tokens[range[1]].end);
  decl = R.code(decl, { db: true });
  const comment = `/** ${target.many.proseCap} of a customer (derived from the ${table.sourceTable} table by npm run gen:module). */`;
  const body = pruneImports(`${imports.join('\n')}\n\n${comment}\n${decl}\n`);
  repo.edit(newSchemaFile, body);
}
