/**
 * Writing a sibling beside a post line: the new module is registered wherever the post module is,
 * in the same form, so registration points need no markers and no knowledge of their shape.
 */
import { container, elements, parse, statementOf } from './syntax-tree.mjs';

/** Inserts `export * from '<to>'` / `import … from '<to>'` beside the line naming `<from>`, sorted. */
export function insertSortedLine(src, from, to, renameLine = (l) => l) {
  const lines = src.split('\n');
  const at = lines.findIndex((l) => l.includes(`'${from}'`));
  if (at < 0) return undefined;
  const line = renameLine(lines[at].split(`'${from}'`).join(`'${to}'`));
  const kind = lines[at].trimStart().split(' ')[0];
  const sourceOf = (l) => /from '([^']+)'/.exec(l)?.[1];
  let start = at;
  while (start > 0 && lines[start - 1].startsWith(kind) && sourceOf(lines[start - 1])) start--;
  let end = at;
  while (end + 1 < lines.length && lines[end + 1].startsWith(kind) && sourceOf(lines[end + 1])) end++;
  let pos = end + 1;
  for (let i = start; i <= end; i++) {
    if (comparePaths(to, sourceOf(lines[i]) ?? '') < 0) {
      pos = i;
      break;
    }
  }
  lines.splice(pos, 0, line);
  return lines.join('\n');
}

/** Segment by segment, so that a folder's paths come before a longer name (`./post/x`, `./post-tag`). */
function comparePaths(a, b) {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * Copies the list element (or statement) holding the first token `match` accepts, renamed by
 * `rename`, and inserts the copy right after it.
 */
export function insertSiblingElement(src, match, rename) {
  const ast = parse(src);
  const k = ast.tokens.findIndex((_, i) => match(ast, i));
  if (k < 0) return undefined;
  const g = container(ast.tokens[k].group);
  let first;
  let last;
  let sep = -1;
  if (!g || g.block) {
    const st = statementOf(ast, k);
    if (!st) return undefined;
    [first, last] = st.range;
  } else {
    const el = elements(ast, g).find(([a, b]) => a <= k && k <= b);
    if (!el) return undefined;
    [first, last, sep] = el;
  }
  while (ast.tokens[first].type === 'comment') first++;
  const start = ast.tokens[first].start;
  const end = ast.tokens[last].end;
  const body = src.slice(start, end);
  const lineStart = src.lastIndexOf('\n', start - 1) + 1;
  const indent = src.slice(lineStart, start);
  const stop = sep >= 0 ? ast.tokens[sep].end : end;
  const lineEnd = src.indexOf('\n', stop);
  const ownsLines = indent.trim() === '' && src.slice(stop, lineEnd < 0 ? src.length : lineEnd).trim() === '';
  const copy = rename(body);
  if (g && !g.block) {
    if (ownsLines) {
      const at = lineEnd < 0 ? src.length : lineEnd;
      const closing = sep >= 0 ? ast.tokens[sep].value : ',';
      const fix = sep >= 0 ? src : `${src.slice(0, end)},${src.slice(end)}`;
      const shift = sep >= 0 ? 0 : 1;
      return `${fix.slice(0, at + shift)}\n${indent}${copy}${closing}${fix.slice(at + shift)}`;
    }
    const sepText = sep >= 0 ? ast.tokens[sep].value : ',';
    return `${src.slice(0, end)}${sepText} ${copy}${src.slice(end)}`;
  }
  const at = lineEnd < 0 ? src.length : lineEnd;
  return `${src.slice(0, at)}\n${indent}${copy}${src.slice(at)}`;
}
