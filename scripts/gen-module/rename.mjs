/**
 * Renaming the post module's words to the new module's, in every spelling. Renaming goes by the
 * parts of a name (camel humps, snake segments) rather than by substring, so that `postgres`,
 * `POST` the HTTP method and `.post(` calls survive.
 */
import { cap, variants } from './names.mjs';
import { SOURCE, SOURCE_CJK } from './source-module.mjs';
import { parse } from './syntax-tree.mjs';

/**
 * The renamer for one target name. `code` renames identifiers by their parts (camel humps or
 * snake/constant segments); `text` renames words in strings, comments and paths.
 */
export function renamer(target) {
  const src = variants(SOURCE);
  const { one, many } = target;
  const camelPart = (part, first) => {
    if (part === src.one.camel) return first ? one.camel : one.pascal;
    if (part === src.many.camel) return first ? many.camel : many.pascal;
    if (part === src.one.pascal) return one.pascal;
    if (part === src.many.pascal) return many.pascal;
    return part;
  };
  /** A database name (`posts`, `posts_customer_code_uq`): snake_case parts. */
  const snake = (id) =>
    id
      .split('_')
      .map((p) => (p === src.one.snake ? one.snake : p === src.many.snake ? many.snake : p))
      .join('_');
  const ident = (id) => {
    if (/^[a-z0-9]+(_[a-z0-9]+)+$/.test(id)) return snake(id);
    if (/^[A-Z0-9]+(_[A-Z0-9]+)+$/.test(id)) {
      return id
        .split('_')
        .map((p) => (p === src.one.constant ? one.constant : p === src.many.constant ? many.constant : p))
        .join('_');
    }
    if (id === src.one.constant || id === src.many.constant) return id; // POST, the HTTP method
    const parts = id.match(/^[a-z0-9]+|[A-Z][a-z0-9]*/g);
    if (!parts || parts.join('') !== id) return id;
    return parts.map((p, n) => camelPart(p, n === 0)).join('');
  };
  /** Words in text: lone words by their neighbours, compound words as identifiers. */
  const text = (s, { wholeIsName = false, isPath = false, db = false } = {}) => {
    if (wholeIsName && (s === src.one.kebab || s === src.many.kebab)) {
      // a string that is just the name: a table name in the schema, a key elsewhere
      if (db) return s === src.one.kebab ? one.snake : many.snake;
      return s === src.one.kebab ? one.kebab : many.kebab;
    }
    return s.replace(/[A-Za-z0-9_]+/g, (w, at) => {
      const before = s[at - 1] ?? '';
      const after = s[at + w.length] ?? '';
      const joined = isPath || /[-/.:@]/.test(before) || /[-/.:]/.test(after);
      if (w === src.one.kebab) return joined ? one.kebab : one.prose;
      if (w === src.many.kebab) return joined ? many.kebab : many.prose;
      if (w === src.one.pascal) return joined && !/[.:]/.test(after) ? one.pascal : one.proseCap;
      if (w === src.many.pascal) return joined && !/[.:]/.test(after) ? many.pascal : cap(many.prose);
      return ident(w);
    });
  };
  /** TypeScript source: identifiers, strings, template text and comments. */
  const code = (source, { db = false } = {}) => {
    const ast = parse(source);
    let out = '';
    let last = 0;
    ast.tokens.forEach((t, k) => {
      let next = t.value;
      if (t.type === 'ident') {
        const prev = ast.tokens[k - 1];
        const after = ast.tokens[k + 1];
        const isMethodCall = prev?.value === '.' && (after?.value === '(' || after?.value === '<');
        if (!isMethodCall) next = ident(t.value);
      } else if (t.type === 'str') {
        const q = t.value[0];
        const inner = t.value.slice(1, -1);
        next = q + text(inner, { wholeIsName: true, db }) + q;
      } else if (t.type === 'tpl' || t.type === 'comment') {
        next = text(t.value);
      }
      if (next !== t.value) {
        out += source.slice(last, t.start) + next;
        last = t.end;
      }
    });
    return out + source.slice(last);
  };
  /** The CJK words for "post" replaced by the new name (in English until someone translates it). */
  const cjk = (s) => {
    let r = s;
    for (const w of SOURCE_CJK) r = r.split(w).join(one.proseCap);
    return r;
  };
  /** Locale texts: words, and the CJK word for "post" replaced by the new name. */
  const locale = (s) => cjk(text(s));
  /** SQL: quoted identifiers only. */
  const sql = (s) => s.replace(/"([a-z0-9_]+)"/g, (_, id) => `"${snake(id)}"`);
  const filePath = (p) =>
    p
      .split('/')
      .map((seg) => text(seg, { isPath: true }))
      .join('/');
  return { ident, snake, text, code, cjk, locale, sql, filePath };
}
