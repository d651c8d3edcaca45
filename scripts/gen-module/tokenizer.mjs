/**
 * A small TypeScript lexer: enough for the repository's formatted source, not a general one. It
 * only has to tell code from strings, templates, regexes and comments, so that renaming and cutting
 * never touch the inside of a literal by accident.
 */
import { ParseError } from './errors.mjs';

/** A `/` after one of these (or after a keyword below) starts a regex, not a division. */
const BEFORE_REGEX = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
  '=>',
  '${',
]);
const KEYWORDS_BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'throw', 'await']);

/**
 * Tokens: ident, num, str (quoted), tpl (template text), regex, comment, punct. A template's
 * `${` and its closing `}` are punct `${` / `}$`. Each token knows its line.
 */
export function lex(src) {
  const tokens = [];
  const tplDepth = []; // open `{` count inside each `${ … }` being lexed
  let i = 0;
  let line = 1;
  const push = (type, start, end) => {
    const value = src.slice(start, end);
    tokens.push({ type, start, end, value, line });
    for (const ch of value) if (ch === '\n') line++;
  };
  const prevSig = () => {
    for (let k = tokens.length - 1; k >= 0; k--) if (tokens[k].type !== 'comment') return tokens[k];
    return undefined;
  };
  const template = (start) => {
    // i is at the first character after ` or after the `}` closing a `${`; start is the token start
    while (i < src.length) {
      if (src[i] === '\\') i += 2;
      else if (src[i] === '`') {
        push('tpl', start, i + 1);
        i++;
        return;
      } else if (src[i] === '$' && src[i + 1] === '{') {
        push('tpl', start, i);
        push('punct', i, i + 2);
        i += 2;
        tplDepth.push(0);
        return;
      } else i++;
    }
    throw new ParseError(`unterminated template at line ${line}`);
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n' || c === ' ' || c === '\t' || c === '\r') {
      if (c === '\n') line++;
      i++;
    } else if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      push('comment', i, end < 0 ? src.length : end);
      i = end < 0 ? src.length : end;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) throw new ParseError(`unterminated comment at line ${line}`);
      push('comment', i, end + 2);
      i = end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      if (src[j] !== c) {
        // not a string (an apostrophe in JSX text): a lone punct
        push('punct', i, i + 1);
        i++;
      } else {
        push('str', i, j + 1);
        i = j + 1;
      }
    } else if (c === '`') {
      const start = i;
      i++;
      template(start);
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[\w$]/.test(src[j])) j++;
      push('ident', i, j);
      i = j;
    } else if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[\w.]/.test(src[j])) j++;
      push('num', i, j);
      i = j;
    } else if (c === '/') {
      const p = prevSig();
      const regexAllowed =
        !p || BEFORE_REGEX.has(p.value) || (p.type === 'ident' && KEYWORDS_BEFORE_REGEX.has(p.value));
      let end = -1;
      if (regexAllowed) {
        let j = i + 1;
        let inClass = false;
        while (j < src.length && src[j] !== '\n') {
          if (src[j] === '\\') j += 2;
          else if (src[j] === '[' || src[j] === ']') {
            inClass = src[j] === '[';
            j++;
          } else if (src[j] === '/' && !inClass) {
            end = j + 1;
            break;
          } else j++;
        }
      }
      if (end > 0) {
        while (end < src.length && /[a-z]/.test(src[end])) end++;
        push('regex', i, end);
        i = end;
      } else {
        push('punct', i, i + 1);
        i++;
      }
    } else if (c === '}' && tplDepth.length && tplDepth[tplDepth.length - 1] === 0) {
      tplDepth.pop();
      push('punct', i, i + 1);
      tokens[tokens.length - 1].value = '}$';
      i++;
      template(i);
    } else {
      const three = src.slice(i, i + 3);
      const two = src.slice(i, i + 2);
      const len = three === '...' ? 3 : two === '=>' || two === '?.' ? 2 : 1;
      if (c === '{' && tplDepth.length) tplDepth[tplDepth.length - 1]++;
      if (c === '}' && tplDepth.length) tplDepth[tplDepth.length - 1]--;
      push('punct', i, i + len);
      i += len;
    }
  }
  return tokens;
}
