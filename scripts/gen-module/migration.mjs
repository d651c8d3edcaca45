/**
 * The new table's migration, copied from the posts table's own statements across all migrations,
 * with its journal entry and a drizzle snapshot that includes it: without the snapshot, the next
 * `npm run db:generate` would create the table a second time.
 */
import { randomUUID } from 'node:crypto';
import { refuse } from './errors.mjs';
import { MIGRATIONS_DIR } from './source-module.mjs';

export function planMigration(repo, { target, R, sourceTable }) {
  const { read, edit } = repo;
  const journalFile = `${MIGRATIONS_DIR}/meta/_journal.json`;
  if (!repo.exists(journalFile)) refuse(`Registration point not found: migration journal (${journalFile}).`);
  const journal = JSON.parse(read(journalFile));
  const entries = journal.entries ?? [];
  if (!entries.length) refuse(`Registration point not found: migration journal has no entries (${journalFile}).`);
  const quoted = `(?:"public"\\.)?"${sourceTable}"`;
  const targetsTable = [
    new RegExp(`^CREATE TABLE (?:IF NOT EXISTS )?${quoted}\\s*\\(`),
    new RegExp(`^ALTER TABLE (?:ONLY )?${quoted}\\s`),
    new RegExp(`^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?"[^"]+" ON ${quoted}\\s`),
  ];
  const picked = [];
  const indexNames = new Set();
  for (const entry of entries) {
    const file = `${MIGRATIONS_DIR}/${entry.tag}.sql`;
    if (!repo.exists(file)) continue;
    for (const raw of read(file).split('--> statement-breakpoint')) {
      const stmt = raw
        .split('\n')
        .filter((l) => !/^\s*--/.test(l))
        .join('\n')
        .trim();
      if (!stmt) continue;
      const drop = /^DROP INDEX (?:IF EXISTS )?(?:"public"\.)?"([^"]+)"/.exec(stmt);
      if (targetsTable.some((re) => re.test(stmt)) || (drop && indexNames.has(drop[1]))) {
        picked.push(stmt);
        const idx = /INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?"([^"]+)"/.exec(stmt);
        if (idx && /^CREATE/.test(stmt)) indexNames.add(idx[1]);
      }
    }
  }
  if (!picked.some((s) => s.startsWith('CREATE TABLE'))) {
    refuse(`Registration point not found: no CREATE TABLE "${sourceTable}" in ${MIGRATIONS_DIR}. Nothing was written.`);
  }
  const last = entries[entries.length - 1];
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${target.many.snake}`;
  const header = `-- ${target.many.proseCap}: derived from the "${sourceTable}" table by npm run gen:module.\n`;
  edit(`${MIGRATIONS_DIR}/${tag}.sql`, `${header}${picked.map(R.sql).join('\n--> statement-breakpoint\n')}\n`);
  const entry = {
    idx,
    version: last.version,
    when: Math.max(Date.now(), (last.when ?? 0) + 1),
    tag,
    breakpoints: last.breakpoints ?? true,
  };
  const eol = read(journalFile).endsWith('\n') ? '\n' : '';
  edit(journalFile, `${JSON.stringify({ ...journal, entries: [...entries, entry] }, null, 2)}${eol}`);

  // the snapshot drizzle-kit diffs against next time (`npm run db:generate`)
  const snapshotFile = `${MIGRATIONS_DIR}/meta/${String(last.idx).padStart(4, '0')}_snapshot.json`;
  if (!repo.exists(snapshotFile)) refuse(`Registration point not found: drizzle snapshot ${snapshotFile}.`);
  const snapshot = JSON.parse(read(snapshotFile));
  const table = snapshot.tables?.[`public.${sourceTable}`];
  if (!table) refuse(`Registration point not found: table public.${sourceTable} in ${snapshotFile}.`);
  const renameJson = (v) => {
    if (typeof v === 'string') return /^[a-z0-9_]+$/.test(v) ? R.snake(v) : v;
    if (Array.isArray(v)) return v.map(renameJson);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [renameJson(k), renameJson(x)]));
    return v;
  };
  const next = {
    ...snapshot,
    id: randomUUID(),
    prevId: snapshot.id,
    tables: { ...snapshot.tables, [`public.${target.many.snake}`]: renameJson(table) },
  };
  edit(`${MIGRATIONS_DIR}/meta/${String(idx).padStart(4, '0')}_snapshot.json`, `${JSON.stringify(next, null, 2)}\n`);
}
