/**
 * The new module's own files: the post module's files with what ties posts to users cut out,
 * then renamed. The cut runs before the rename because the user links are named in post terms.
 */

import { applyRemovals, charRange, cutOnce, dropNewlyUnused, pruneImports } from './cut.mjs';
import { parseOrRefuse, refuse } from './errors.mjs';
import { placeLast } from './menu-order.mjs';
import { variants } from './names.mjs';
import { PROSE_FIXES, RESIDUE, SOURCE, USER_LINK } from './source-module.mjs';
import { occurrences, parse, statementOf } from './syntax-tree.mjs';

const isCode = (f) => /\.(ts|tsx|mts|mjs|js)$/.test(f);
const wordRe = (n) => new RegExp(`\\b${n}\\b`);

/**
 * The option list is open to user administrators because the user dialog picks posts; a new
 * module's list needs its own list permission (and the comment explaining the exception goes).
 */
function closeOptionList(texts, routesFile) {
  const routesText = texts.get(routesFile);
  const routesAst = parseOrRefuse(routesFile, () => parse(routesText));
  const ranges = [];
  for (const k of occurrences(routesAst, /\bUSER_PERMISSIONS\.list\b/)) {
    const st = statementOf(routesAst, k);
    if (!st) continue;
    for (let j = st.range[0]; routesAst.tokens[j].type === 'comment'; j++) ranges.push(charRange(routesAst, j, j));
  }
  const out = applyRemovals(routesText, ranges).replace(
    /\bUSER_PERMISSIONS\.list\b/g,
    `${SOURCE.toUpperCase()}_PERMISSIONS.list`,
  );
  texts.set(routesFile, out);
}

/**
 * Cuts the user links until nothing more goes: a dropped declaration drags its uses along in the
 * next round. Names declared at the top of a file and appearing in the contract (`userCount`) are
 * fields the other files use too, so they go everywhere; other names only in their own file.
 */
function cutUserLinks(repo, texts, { sourceFiles, contractsFile, holders }) {
  const contractKeys = new Set([...repo.read(contractsFile).matchAll(/\b(\w+):/g)].map((m) => m[1]));
  const globalNames = new Set();
  const fileNames = new Map(sourceFiles.map((f) => [f, new Set()]));
  for (let round = 0, changed = true; changed && round < 12; round++) {
    changed = false;
    for (const f of sourceFiles.filter(isCode)) {
      const names = [...globalNames, ...fileNames.get(f)];
      const cut = parseOrRefuse(f, () =>
        cutOnce(texts.get(f), {
          statementRes: [...USER_LINK.statements, ...holders.map(wordRe)],
          elementRes: [...USER_LINK.elements, ...names.map(wordRe)],
        }),
      );
      if (!cut.changed) continue;
      changed = true;
      texts.set(f, cut.src);
      for (const n of cut.declaredTop) (contractKeys.has(n) ? globalNames : fileNames.get(f)).add(n);
      for (const n of cut.declaredInner) fileNames.get(f).add(n);
    }
  }
  for (const f of sourceFiles.filter(isCode)) {
    let s = texts.get(f);
    if (s !== repo.read(f)) s = parseOrRefuse(f, () => pruneImports(dropNewlyUnused(s, repo.read(f))));
    for (const [re, to] of PROSE_FIXES) s = s.replace(re, to);
    texts.set(f, s);
  }
  return { globalNames, fileNames };
}

/** Anything still tying the derived files to users means the post module changed shape. */
function ensureNoResidue(texts, { sourceFiles, holders, globalNames, fileNames }) {
  for (const f of sourceFiles.filter(isCode)) {
    const ast = parseOrRefuse(f, () => parse(texts.get(f)));
    const stale = [...globalNames, ...fileNames.get(f), ...holders];
    for (const re of [...RESIDUE, ...stale.map(wordRe)]) {
      const hit = occurrences(ast, re)[0];
      if (hit !== undefined) {
        refuse(
          `Cannot derive from ${f}: line ${ast.tokens[hit].line} still refers to "${ast.tokens[hit].value}", ` +
            `a link between ${variants(SOURCE).many.prose} and users the generator does not know how to cut. ` +
            'Update USER_LINK in scripts/gen-module/source-module.mjs. Nothing was written.',
        );
      }
    }
  }
}

/** Locale files are renamed value by value, and lose the keys of the fields that were cut. */
function renameLocale(json, R, dropKeys) {
  const walkJson = (v) => {
    if (typeof v === 'string') return R.locale(v);
    if (Array.isArray(v)) return v.map(walkJson);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => !dropKeys.has(k))
          .map(([k, x]) => [k, walkJson(x)]),
      );
    }
    return v;
  };
  return `${JSON.stringify(walkJson(JSON.parse(json)), null, 2)}\n`;
}

/** Plans the new module's files; `targets` pairs each post file with the new module's path for it. */
export function deriveFiles(repo, { R, post, holders, targets }) {
  const { sourceFiles, routesFile, contractsFile } = post;
  const texts = new Map(sourceFiles.map((f) => [f, repo.read(f)]));
  closeOptionList(texts, routesFile);
  const { globalNames, fileNames } = cutUserLinks(repo, texts, { sourceFiles, contractsFile, holders });
  ensureNoResidue(texts, { sourceFiles, holders, globalNames, fileNames });
  for (const [from, to] of targets) {
    const s = texts.get(from);
    let out;
    if (from.endsWith('.json')) out = renameLocale(s, R, new Set(globalNames));
    // the menu titles in module.ts name the feature in Chinese and Japanese too
    else if (isCode(from)) out = R.cjk(R.code(s));
    else out = R.text(s);
    if (from.endsWith('/module.ts')) out = placeLast(repo, out);
    repo.edit(to, out);
  }
}
