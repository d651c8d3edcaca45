#!/usr/bin/env node
/**
 * `npm run gen:module <name> [-- --root <dir>] [--dry-run] [--no-format]`
 *
 * Adds a CRUD module by deriving it from the post module *as it is now*: nothing here is a
 * template. The post module's files are read, renamed token by token (identifiers, strings,
 * comments, SQL names; `POST` the HTTP method, `api.post(`, `postgres` are left alone), cut
 * loose from what only posts have (users hold posts: `user_posts`, `userCount`, `postIds`), and
 * registered beside the post lines of every registration point. Every edit is planned in memory
 * first; if anything is missing nothing is written.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ParseError, Refusal, refuse } from './errors.mjs';
import { format } from './format.mjs';
import { plan } from './plan.mjs';
import { LOCALES_DIR, MIGRATIONS_DIR, SOURCE } from './source-module.mjs';
import { write } from './write.mjs';

function main(argv) {
  const args = [...argv];
  // this file is scripts/gen-module/cli.mjs; the repository root is two levels up
  let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  let dryRun = false;
  let doFormat = true;
  const names = [];
  while (args.length) {
    const a = args.shift();
    if (a === '--root') {
      const dir = args.shift();
      if (!dir) refuse('--root needs a directory');
      root = path.resolve(dir);
    } else if (a === '--dry-run') dryRun = true;
    else if (a === '--no-format') doFormat = false;
    else if (a === '--help' || a === '-h')
      refuse('Usage: npm run gen:module <name> [-- --root <dir>] [--dry-run] [--no-format]');
    else if (a.startsWith('-')) refuse(`Unknown option ${a}`);
    else names.push(a);
  }
  if (names.length > 1) refuse(`One module at a time (got ${names.join(', ')})`);
  if (!existsSync(path.join(root, 'package.json')) || !statSync(root).isDirectory())
    refuse(`Not a repository root: ${root}`);
  const { changes, notes, target } = plan(root, names[0]);
  const created = [...changes].filter(([, c]) => c.before === null).map(([p]) => p);
  const changed = [...changes].filter(([, c]) => c.before !== null).map(([p]) => p);
  if (dryRun) {
    console.log(`Would create:\n${created.map((p) => `  + ${p}`).join('\n')}`);
    console.log(`Would change:\n${changed.map((p) => `  ~ ${p}`).join('\n')}`);
    return;
  }
  write(root, changes);
  const formatted = doFormat ? format(root, created) : 'not formatted (--no-format)';
  const { one, many } = target;
  console.log(`Module "${target.name}" derived from the ${SOURCE} module.\n`);
  console.log(`Created:\n${created.map((p) => `  + ${p}`).join('\n')}`);
  console.log(`Changed:\n${changed.map((p) => `  ~ ${p}`).join('\n')}`);
  for (const n of notes) console.log(`Note: ${n}`);
  console.log(`\n${formatted}`);
  console.log(`
Next steps:
  1. Edit the fields: apps/server/src/modules/system/${target.name}/${target.name}.schema.ts (table),
     packages/contracts/src/system-${target.name}.ts (zod), apps/server/src/modules/system/${target.name}/${target.name}.service.ts,
     the web dialog and list page.
  2. The migration ${MIGRATIONS_DIR}/*_${many.snake}.sql creates the table as posts have it. If it has not
     been applied anywhere yet you may edit it (and its snapshot) by hand; otherwise change the schema and
     run \`npm run db:generate\` for a follow-up migration.
  3. Translate the texts in ${LOCALES_DIR}/{zh-chs,zh-cht,ja}/system-${target.name}.json and the menu
     titles of System${one.pascal} in apps/server/src/modules/system/${target.name}/module.ts (English for now).
  4. Check the menu's place and icon (module.ts), the permission codes system:${target.name}:* and the tests in
     apps/server/src/modules/system/${target.name}/${target.name}.test.ts, then:
     npm run typecheck && npm run lint && npx vitest run --project api apps/server/src/modules/system/${target.name}
  5. Existing databases get the table and the menu on the next start (migrations and the seed run then);
     grant the new menu to roles other than the super administrator.`);
}

try {
  main(process.argv.slice(2));
} catch (e) {
  // refusals are the user's to act on, not bugs: a message and exit code 1, no stack trace
  if (e instanceof Refusal || e instanceof ParseError) {
    const why = e instanceof ParseError ? `cannot read a source file (${e.message}); nothing was written.` : e.message;
    console.error(`gen:module: ${why}`);
    process.exit(1);
  }
  throw e;
}
