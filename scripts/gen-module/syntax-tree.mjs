/**
 * Tokens grouped by their brackets, and the statements and list elements of a group. This is all
 * the structure the generator needs: it removes or copies whole statements and elements, and
 * never has to understand expressions.
 */
import { ParseError } from './errors.mjs';
import { lex } from './tokenizer.mjs';

const OPENERS = { '(': ')', '[': ']', '{': '}', '${': '}$' };
/** After a line-ending `}`, a line starting with one of these goes on with the same statement. */
const CONTINUES = new Set(['.', '?.', ')', ']', ',', ';', '?', ':', '=', '|', '&', '=>', 'else', 'catch', 'finally']);

/**
 * The source as tokens and bracket groups. A `{` group is a block (statements) or a literal
 * (object, type, import list: elements separated by `,` or `;`).
 */
export function parse(src) {
  const tokens = lex(src);
  const root = { kind: 'root', open: -1, close: tokens.length, parent: null, block: true, children: [] };
  const stack = [root];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const top = stack[stack.length - 1];
    t.group = top;
    if (t.type !== 'punct') continue;
    if (OPENERS[t.value]) {
      const g = { kind: t.value, open: k, close: -1, parent: top, block: false, children: [] };
      if (t.value === '{') g.block = isBlockBrace(tokens, k, top);
      t.openGroup = g;
      top.children.push(g);
      stack.push(g);
    } else if (t.value === ')' || t.value === ']' || t.value === '}' || t.value === '}$') {
      if (OPENERS[top.kind] !== t.value) throw new ParseError(`unbalanced "${t.value}" at line ${t.line}`);
      top.close = k;
      t.group = top.parent;
      tokens[top.open].closeIndex = k;
      t.openIndex = top.open;
      stack.pop();
    }
  }
  if (stack.length !== 1) throw new ParseError('unclosed bracket');
  return { src, tokens, root };
}

function isBlockBrace(tokens, k, parentGroup) {
  let p = k - 1;
  while (p >= 0 && tokens[p].type === 'comment') p--;
  if (p < 0) return true;
  const prev = tokens[p];
  if (prev.type === 'punct') {
    if (prev.value === ')' || prev.value === '=>') return true;
    if (prev.value === ';' || prev.value === '}') return true;
    if (prev.value === '{') return prev.group === parentGroup && parentGroup.block;
    if (prev.value !== '>' && prev.value !== ']') return false;
  } else if (prev.type === 'ident') {
    if (['else', 'try', 'finally', 'do'].includes(prev.value)) return true;
  } else return false;
  // `): Type {` — a function body after a return type on the same line
  for (let j = p; j > 0 && tokens[j].line === tokens[k].line; j--) {
    const t = tokens[j];
    if (t.group !== parentGroup) continue;
    if (t.value === ':' && tokens[j - 1].value === ')') return true;
    if (t.value === '=' || t.value === ',' || t.value === '(') return false;
  }
  return false;
}

/** Direct tokens of a group (nested groups count as their opening token only). */
function directTokens(ast, g) {
  const out = [];
  const end = g.close;
  for (let k = g.open + 1; k < end; k++) {
    out.push(k);
    const closeIndex = ast.tokens[k].closeIndex;
    if (closeIndex !== undefined) {
      out.push(closeIndex);
      k = closeIndex;
    }
  }
  return out;
}

/** Statements of a block as token-index ranges [first, last]. */
export function statements(ast, block) {
  const { tokens } = ast;
  const direct = directTokens(ast, block);
  const out = [];
  let first = -1;
  for (let n = 0; n < direct.length; n++) {
    const k = direct[n];
    const t = tokens[k];
    if (first < 0) {
      // a comment on the line of the previous statement's end belongs to it
      const prevEnd = out.length ? tokens[out[out.length - 1][1]] : undefined;
      if (t.type === 'comment' && prevEnd && prevEnd.line === t.line) continue;
      first = k;
    }
    let ends = t.type === 'punct' && t.value === ';';
    if (!ends && t.type === 'punct' && t.value === '}' && t.openIndex !== undefined) {
      // a `}` ending a line ends a statement (function, if, interface) unless the code goes on
      const next = direct[n + 1] === undefined ? undefined : tokens[direct[n + 1]];
      ends = !next || (next.line > t.line && !CONTINUES.has(next.value));
    }
    if (ends) {
      out.push([first, k]);
      first = -1;
    }
  }
  if (first >= 0) out.push([first, direct[direct.length - 1]]);
  return out;
}

/** Elements of a literal group as token-index ranges [first, last, separatorIndex | -1]. */
export function elements(ast, g) {
  const { tokens } = ast;
  const out = [];
  let first = -1;
  for (const k of directTokens(ast, g)) {
    const t = tokens[k];
    if (t.type === 'punct' && (t.value === ',' || t.value === ';')) {
      if (first >= 0) out.push([first, k - 1, k]);
      first = -1;
    } else if (first < 0) {
      const prevSep = out.length ? tokens[out[out.length - 1][2]] : undefined;
      if (t.type === 'comment' && prevSep && prevSep.line === t.line) continue;
      first = k;
    }
  }
  if (first >= 0) {
    const direct = directTokens(ast, g);
    out.push([first, direct[direct.length - 1], -1]);
  }
  return out;
}

/** The group holding token k, seen through parentheses and template expressions. */
export function container(g) {
  let c = g;
  while (c && (c.kind === '(' || c.kind === '${')) c = c.parent;
  return c;
}

/** Token index holding character position pos. */
function tokenAt(ast, pos) {
  return ast.tokens.findIndex((t) => t.start <= pos && pos < t.end);
}

/** Occurrences of a pattern in code and strings (not comments), as token indices. */
export function occurrences(ast, re) {
  const found = new Set();
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (const m of ast.src.matchAll(g)) {
    const k = tokenAt(ast, m.index);
    if (k >= 0 && ast.tokens[k].type !== 'comment') found.add(k);
  }
  return [...found];
}

export function statementOf(ast, k) {
  let g = ast.tokens[k].group;
  while (g && !g.block) g = g.parent;
  const block = g ?? ast.root;
  const st = statements(ast, block).find(([a, b]) => a <= k && k <= b);
  return st ? { block, range: st } : undefined;
}

/** Names a removed statement declared (`const x`, `const [x]`, `const { x }`, `function x`). */
export function declaredNames(ast, [a, b]) {
  const names = [];
  let k = a;
  while (k <= b && ast.tokens[k].type === 'comment') k++;
  if (ast.tokens[k]?.value === 'export') k++;
  if (ast.tokens[k]?.value === 'async') k++;
  const kw = ast.tokens[k]?.value;
  if (kw === 'const' || kw === 'let' || kw === 'var') {
    const t = ast.tokens[k + 1];
    if (t?.type === 'ident') names.push(t.value);
    else if (t && (t.value === '[' || t.value === '{') && t.closeIndex !== undefined) {
      for (let j = k + 2; j < t.closeIndex; j++) {
        const x = ast.tokens[j];
        if (x.type === 'ident' && ast.tokens[j + 1]?.value !== ':') names.push(x.value);
      }
    }
  } else if (kw === 'function') {
    const t = ast.tokens[k + 1];
    if (t?.type === 'ident') names.push(t.value);
  }
  return names;
}

export function isImport(ast, k) {
  let j = k;
  while (ast.tokens[j]?.type === 'comment') j++;
  return ast.tokens[j]?.value === 'import';
}

export function isImportGroup(ast, g) {
  let j = g.open - 1;
  while (j >= 0 && ast.tokens[j].type === 'comment') j--;
  return ast.tokens[j]?.value === 'import' || ast.tokens[j]?.value === 'type';
}

export function isInImport(ast, k) {
  const st = statementOf(ast, k);
  return Boolean(st && isImport(ast, st.range[0]));
}
