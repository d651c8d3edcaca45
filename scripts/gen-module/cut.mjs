/**
 * Removing statements and list elements from source text, with the lines, separators and imports
 * they leave behind, so that the result still reads as hand-written (and passes Biome and tsc).
 */
import {
  container,
  declaredNames,
  elements,
  isImport,
  isImportGroup,
  occurrences,
  parse,
  statementOf,
  statements,
} from './syntax-tree.mjs';

/** Character range of token range [a, b]: whole lines when the range owns its lines. */
export function charRange(ast, a, b, { separator = -1, previousSeparator = -1 } = {}) {
  const { src, tokens } = ast;
  let start = tokens[a].start;
  let end = tokens[separator >= 0 ? separator : b].end;
  const lineStart = src.lastIndexOf('\n', start - 1) + 1;
  const nl = src.indexOf('\n', end);
  const lineEnd = nl < 0 ? src.length : nl;
  const ownsStart = src.slice(lineStart, start).trim() === '';
  const ownsEnd = src.slice(end, lineEnd).trim() === '';
  if (ownsStart && ownsEnd) return [lineStart, nl < 0 ? src.length : nl + 1];
  if (separator >= 0) {
    while (src[end] === ' ') end++;
    return [start, end];
  }
  if (previousSeparator >= 0) start = tokens[previousSeparator].start;
  return [start, end];
}

export function applyRemovals(src, ranges) {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0] || y[1] - x[1]);
  const merged = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  let out = src;
  for (const [a, b] of merged.reverse()) out = out.slice(0, a) + out.slice(b);
  return out;
}

function tidyBlankLines(src) {
  return src
    .replace(/\n{3,}/g, '\n\n')
    .replace(/([{([]\n)(?:[ \t]*\n)+/g, '$1')
    .replace(/\n(?:[ \t]*\n)+([ \t]*[})\]])/g, '\n$1');
}

/**
 * One pass of the cut over one file: drop statements matching `statementRes`, elements matching
 * `elementRes` (a literal whose every element goes, goes whole). Returns the new text and the
 * names the dropped top-level statements declared (module-wide) and inner ones (file-wide).
 */
export function cutOnce(src, { statementRes, elementRes }) {
  const ast = parse(src);
  const ranges = [];
  const declaredTop = [];
  const declaredInner = [];
  const dropStatement = (k) => {
    const st = statementOf(ast, k);
    if (!st) return;
    if (isImport(ast, st.range[0])) return; // imports are pruned afterwards
    ranges.push(charRange(ast, st.range[0], st.range[1]));
    (st.block === ast.root ? declaredTop : declaredInner).push(...declaredNames(ast, st.range));
  };
  for (const re of statementRes) for (const k of occurrences(ast, re)) dropStatement(k);

  const marked = new Map(); // group -> Set(element index)
  const markElement = (k) => {
    const g = container(ast.tokens[k].group);
    if (!g || g.block) return dropStatement(k);
    if (isImportGroup(ast, g)) return;
    const els = elements(ast, g);
    const idx = els.findIndex(([a, b]) => a <= k && k <= b);
    if (idx < 0) return;
    if (!marked.has(g)) marked.set(g, new Set());
    marked.get(g).add(idx);
  };
  for (const re of elementRes) for (const k of occurrences(ast, re)) markElement(k);
  // a literal left empty goes whole, as an element (or statement) of what holds it
  for (let changed = true; changed; ) {
    changed = false;
    for (const [g, set] of marked) {
      if (set.size && set.size === elements(ast, g).length) {
        marked.delete(g);
        markElement(g.open);
        changed = true;
        break;
      }
    }
  }
  for (const [g, set] of marked) {
    const els = elements(ast, g);
    for (const idx of set) {
      const [a, b, sep] = els[idx];
      const prevSep = idx > 0 ? els[idx - 1][2] : -1;
      ranges.push(charRange(ast, a, b, { separator: sep, previousSeparator: prevSep }));
    }
  }
  if (!ranges.length) return { src, declaredTop, declaredInner, changed: false };
  return { src: tidyBlankLines(applyRemovals(src, ranges)), declaredTop, declaredInner, changed: true };
}

const identCount = (ast, name) => ast.tokens.filter((t) => t.type === 'ident' && t.value === name).length;

/** `const x = …` statements whose x the cut left unused (x was used before). */
export function dropNewlyUnused(src, original) {
  const ast = parse(src);
  const before = parse(original);
  const ranges = [];
  const visit = (block) => {
    for (const range of statements(ast, block)) {
      const names = declaredNames(ast, range);
      const first = ast.tokens[range[0]];
      if (first?.value === 'function' || first?.value === 'export' || !names.length) continue;
      if (names.every((n) => identCount(ast, n) === 1 && identCount(before, n) > 1)) {
        ranges.push(charRange(ast, range[0], range[1]));
      }
    }
    for (const c of block.children) if (c.block) visit(c);
    // blocks nested in non-block groups (arrow bodies inside calls)
    const stack = block.children.filter((c) => !c.block);
    while (stack.length) {
      const g = stack.pop();
      for (const c of g.children) c.block ? visit(c) : stack.push(c);
    }
  };
  visit(ast.root);
  return ranges.length ? tidyBlankLines(applyRemovals(src, ranges)) : src;
}

/** Import specifiers nothing refers to any more, and imports left empty. */
export function pruneImports(src) {
  const ast = parse(src);
  const ranges = [];
  const importTokens = new Set();
  for (const [a, b] of statements(ast, ast.root))
    if (isImport(ast, a)) for (let k = a; k <= b; k++) importTokens.add(k);
  const used = new Set(
    ast.tokens
      .filter((t, k) => t.type === 'ident' && !importTokens.has(k) && ast.tokens[k - 1]?.value !== '.')
      .map((t) => t.value),
  );
  for (const [a, b] of statements(ast, ast.root)) {
    if (!isImport(ast, a)) continue;
    const g = ast.root.children.find((c) => c.kind === '{' && c.open > a && c.close < b);
    if (!g) continue;
    const els = elements(ast, g);
    const unused = els
      .map((el, idx) => ({ el, idx }))
      .filter(({ el: [x, y] }) => {
        const idents = [];
        for (let k = x; k <= y; k++) if (ast.tokens[k].type === 'ident') idents.push(ast.tokens[k].value);
        const local = idents[idents.length - 1];
        return local && !used.has(local);
      });
    if (!unused.length) continue;
    const defaultOrNs = ast.tokens.slice(a + 1, g.open).some((t) => t.type === 'ident' && t.value !== 'type');
    if (unused.length === els.length && !defaultOrNs) {
      ranges.push(charRange(ast, a, b));
      continue;
    }
    for (const { el, idx } of unused) {
      const prevSep = idx > 0 ? els[idx - 1][2] : -1;
      ranges.push(charRange(ast, el[0], el[1], { separator: el[2], previousSeparator: prevSep }));
    }
  }
  return ranges.length ? applyRemovals(src, ranges) : src;
}
