/**
 * The posts table in the post feature's own schema file (`post.schema.ts` in its folder): finding
 * it, and the tables beside it that point at it (`user_posts`, which only posts have). The schema
 * file is copied with the rest of the feature's files; the tables holding a reference are cut.
 */
import path from 'node:path';
import { parseOrRefuse, refuse } from './errors.mjs';
import { variants } from './names.mjs';
import { SOURCE } from './source-module.mjs';
import { declaredNames, parse, statements } from './syntax-tree.mjs';

/** Every Drizzle schema file: the shared ones and each feature's own. */
export function schemaFiles(repo) {
  return repo
    .files('apps/server/src')
    .filter((f) => /^apps\/server\/src\/db\/schema\/[^/]+\.ts$/.test(f) || f.endsWith('.schema.ts'))
    .filter((f) => !f.endsWith('/index.ts'));
}

/**
 * The feature's schema file declaring the posts table and the names of the tables holding a
 * `posts.id` reference: whatever mentions those is cut from the copy.
 */
export function findPostTable(repo, post) {
  const source = variants(SOURCE);
  const sourceTable = source.many.snake;
  const holders = [];
  let schemaFile;
  // The tables that hold posts (`user_posts`) live beside them in a file the copy leaves out
  // (`post-holders.schema.ts`); the copied files' statements that mention them are cut.
  const folders = new Set(post.sourceFiles.filter((x) => x.endsWith('.schema.ts')).map((x) => path.posix.dirname(x)));
  const candidates = repo
    .files('apps/server/src')
    .filter((x) => x.endsWith('.schema.ts') && folders.has(path.posix.dirname(x)));
  for (const f of candidates) {
    const ast = parseOrRefuse(f, () => parse(repo.read(f)));
    for (const range of statements(ast, ast.root)) {
      const stText = ast.src.slice(ast.tokens[range[0]].start, ast.tokens[range[1]].end);
      if (new RegExp(`pgTable\\(\\s*'${sourceTable}'`).test(stText) && post.sourceFiles.includes(f)) schemaFile = f;
      else if (/pgTable\(/.test(stText) && new RegExp(`\\b${source.many.camel}\\.id\\b`).test(stText)) {
        holders.push(...declaredNames(ast, range));
      }
    }
  }
  if (!schemaFile)
    refuse(`Cannot find the "${sourceTable}" table in the ${SOURCE} feature's .schema.ts; nothing was written.`);
  return { sourceTable, schemaFile, holders };
}
