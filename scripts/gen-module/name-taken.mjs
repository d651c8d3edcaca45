/**
 * Refusing a name that is already in use anywhere the new module would land: a generator that
 * overwrote an existing module, table, permission group or menu would do damage no test catches.
 */
import { refuse } from './errors.mjs';
import { CONTRACTS_DIR, SEED_DIR } from './source-module.mjs';

const exported = (text) =>
  [...text.matchAll(/^export (?:const|type|function|interface|enum) (\w+)/gm)].map((m) => m[1]);

/** Refuses, listing every clash, unless the new module's files and names are all free. */
export function ensureNameFree(
  repo,
  { target, R, targets, newSchemaFile, schemaFiles, contractsFile, permissionsFile },
) {
  const { read } = repo;
  const taken = [];
  for (const [, t] of targets) if (repo.exists(t)) taken.push(t);
  if (repo.exists(newSchemaFile)) taken.push(newSchemaFile);
  for (const f of schemaFiles) {
    if (new RegExp(`pgTable\\(\\s*'${target.many.snake}'`).test(read(f)))
      taken.push(`table "${target.many.snake}" (${f})`);
  }
  if (new RegExp(`^\\s*${target.one.camel}:\\s*\\{`, 'm').test(read(permissionsFile))) {
    taken.push(`PERMISSIONS.${target.one.camel} (${permissionsFile})`);
  }
  for (const f of repo.files(SEED_DIR)) {
    if (read(f).includes(`'System${target.one.pascal}'`)) taken.push(`menu System${target.one.pascal} (${f})`);
  }
  for (const f of repo.files('apps/server/src/modules')) {
    if (f.endsWith('.ts') && read(f).includes(`/system/${target.name}'`))
      taken.push(`route /system/${target.name} (${f})`);
  }
  // contracts are re-exported together from one index: the new exports must not clash
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
