/**
 * The whole generation as a plan: every file to create or change, worked out in memory from the
 * post module as it is now. Any refusal is thrown before the plan is returned, so a refused run
 * writes nothing.
 */
import { deriveFiles } from './derive.mjs';
import { planMigration } from './migration.mjs';
import { ensureNameFree } from './name-taken.mjs';
import { targetName } from './names.mjs';
import { findPostFiles } from './post-files.mjs';
import { findPermissionsFile, planRegistrations } from './registrations.mjs';
import { renamer } from './rename.mjs';
import { openRepo } from './repo.mjs';
import { findPostTable, planSchemaFile } from './schema.mjs';
import { SCHEMA_DIR } from './source-module.mjs';

/**
 * Everything the generator will write, as { path → { before, after } } (before null for new
 * files), plus notes. Throws Refusal when anything is missing or the name is taken.
 */
export function plan(root, name) {
  const target = targetName(name);
  const R = renamer(target);
  const repo = openRepo(root);
  const notes = [];

  const post = findPostFiles(repo, notes);
  const table = findPostTable(repo);
  const permissionsFile = findPermissionsFile(repo, post.contractsFile);

  const newSchemaFile = `${SCHEMA_DIR}/${target.name}.ts`;
  const targets = post.sourceFiles.map((f) => [f, R.filePath(f)]);
  ensureNameFree(repo, {
    target,
    R,
    targets,
    newSchemaFile,
    schemaFiles: table.schemaFiles,
    contractsFile: post.contractsFile,
    permissionsFile,
  });

  deriveFiles(repo, { R, post, holders: table.holders, targets });
  planSchemaFile(repo, { target, R, table, newSchemaFile });
  planRegistrations(repo, notes, { target, R, post, schemaFile: table.schemaFile, permissionsFile });
  planMigration(repo, { target, R, sourceTable: table.sourceTable });

  return { changes: repo.changes, notes, target };
}
