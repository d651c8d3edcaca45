/**
 * The whole generation as a plan: every file to create or change, worked out in memory from the
 * post feature as it is now. The new feature is a copy of the post feature's own files (its server
 * folder with its manifest, schema, repo and test; its contract file; its web screens and API
 * file; its locale files), its line in MODULES, and its migration. Any refusal is thrown before
 * the plan is returned, so a refused run writes nothing.
 */
import { deriveFiles } from './derive.mjs';
import { planMigration } from './migration.mjs';
import { ensureNameFree } from './name-taken.mjs';
import { targetName } from './names.mjs';
import { findPostFiles } from './post-files.mjs';
import { planRegistrations } from './registrations.mjs';
import { renamer } from './rename.mjs';
import { openRepo } from './repo.mjs';
import { findPostTable } from './schema.mjs';

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
  const table = findPostTable(repo, post);
  const targets = post.sourceFiles.map((f) => [f, R.filePath(f)]);
  ensureNameFree(repo, { target, R, targets, contractsFile: post.contractsFile });

  deriveFiles(repo, { R, post, holders: table.holders, targets });
  planRegistrations(repo, notes, { R, post });
  planMigration(repo, { target, R, sourceTable: table.sourceTable });

  return { changes: repo.changes, notes, target };
}
