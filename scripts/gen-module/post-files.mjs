/** Finding the post module's own files, the ones copied and renamed into the new module. */
import { refuse } from './errors.mjs';
import { cap, plural } from './names.mjs';
import { CONTRACTS_DIR, LOCALES_DIR, SOURCE, SOURCE_ROOTS } from './source-module.mjs';

/**
 * Whether a repo-relative path is one of the model module's files: a folder or file named `post`,
 * `posts`, `system-post` or `Post…` (PostDialog.tsx), and no part naming another module that
 * merely contains the word (`post-tag/`, `system-post-tag.ts`).
 */
function namesSource(rel) {
  const bases = rel.split('/').map((seg) => seg.split('.')[0]);
  const own = new Set([SOURCE, plural(SOURCE), `system-${SOURCE}`]);
  const pascal = new RegExp(`^${cap(SOURCE)}s?(?:[A-Z]|$)`);
  const compound = (b) => !own.has(b) && b.split('-').some((w) => w === SOURCE || w === plural(SOURCE));
  return bases.some((b) => own.has(b) || pascal.test(b)) && !bases.some(compound);
}

/**
 * The post module's files, sorted, with the two later steps need by name. Refuses when a part the
 * new module cannot do without is missing (a module without its own API test would go untested).
 */
export function findPostFiles(repo, notes) {
  const sourceFiles = SOURCE_ROOTS.flatMap((r) => repo.files(r))
    .filter(namesSource)
    .sort();
  const need = (label, pred) => {
    const hit = sourceFiles.filter(pred);
    if (!hit.length) refuse(`Cannot find the ${SOURCE} module's ${label}; nothing was written.`);
    return hit;
  };
  const [routesFile] = need('routes (apps/server/src/modules/**/*.routes.ts)', (f) =>
    /^apps\/server\/src\/modules\/.+\.routes\.ts$/.test(f),
  );
  need('API test (apps/server/src/modules/**/*.test.ts)', (f) => /^apps\/server\/src\/modules\/.+\.test\.ts$/.test(f));
  // The contract proper (`system-post.ts`), not its role-named parts (`system-post.permissions.ts`).
  const [contractsFile] = need('contracts (packages/contracts/src/*.ts)', (f) =>
    new RegExp(`^${CONTRACTS_DIR}/[^/.]+\\.ts$`).test(f),
  );
  const localeFiles = sourceFiles.filter((f) => f.startsWith(`${LOCALES_DIR}/`));
  if (!localeFiles.length) notes.push(`no ${SOURCE} locale files found under ${LOCALES_DIR}`);
  return { sourceFiles, routesFile, contractsFile };
}
