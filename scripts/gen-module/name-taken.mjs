/**
 * Refusing a name that is already in use anywhere the new feature would land: a generator that
 * overwrote an existing feature, table, permission code or menu would do damage no test catches.
 */
import { refuse } from './errors.mjs';
import { schemaFiles } from './schema.mjs';
import { CONTRACTS_DIR } from './source-module.mjs';

const exported = (text) =>
  [...text.matchAll(/^export (?:const|type|function|interface|enum) (\w+)/gm)].map((m) => m[1]);

/** Refuses, listing every clash, unless the new feature's files and names are all free. */
export function ensureNameFree(repo, { target, R, targets, contractsFile }) {
  const { read } = repo;
  const taken = [];
  for (const [, t] of targets) if (repo.exists(t)) taken.push(t);
  for (const f of schemaFiles(repo)) {
    if (new RegExp(`pgTable\\(\\s*'${target.many.snake}'`).test(read(f)))
      taken.push(`table "${target.many.snake}" (${f})`);
  }
  const code = `'system:${target.name}:`;
  const menu = `'System${target.one.pascal}'`;
  const sources = [...repo.files(CONTRACTS_DIR), ...repo.files('apps/server/src')];
  for (const f of sources.filter((x) => x.endsWith('.ts') && !x.endsWith('.test.ts'))) {
    const text = read(f);
    if (text.includes(code)) taken.push(`permission codes system:${target.name}:* (${f})`);
    if (text.includes(menu)) taken.push(`menu System${target.one.pascal} (${f})`);
    if (f.startsWith('apps/server/src/modules/') && text.includes(`/system/${target.name}'`))
      taken.push(`route /system/${target.name} (${f})`);
  }
  // the contracts index still re-exports most contract files: the new exports must not clash
  const newExports = new Set(exported(R.code(read(contractsFile))));
  for (const f of repo.files(CONTRACTS_DIR)) {
    if (f === contractsFile || !f.endsWith('.ts')) continue;
    for (const n of exported(read(f))) if (newExports.has(n)) taken.push(`export ${n} (${f})`);
  }
  if (taken.length) {
    const list = [...new Set(taken)];
    const shown = list.slice(0, 6).join(', ') + (list.length > 6 ? ` and ${list.length - 6} more` : '');
    refuse(`Module "${target.name}" already exists: ${shown}. Nothing was written.`);
  }
}
