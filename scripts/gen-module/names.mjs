/** Spellings of a module name, and the rules a new name must follow. */
import { refuse } from './errors.mjs';

/** A name whose camelCase form is one of these would not compile as an identifier. */
const RESERVED = new Set(
  (
    'abstract any as async await boolean break case catch class const constructor continue debugger declare ' +
    'default delete do else enum export extends false finally for from function get if implements import in ' +
    'instanceof interface is keyof let module namespace never new null number object of package private ' +
    'protected public readonly require return set static string super switch symbol this throw true try type ' +
    'typeof undefined unique unknown var void while with yield'
  ).split(' '),
);

export function plural(word) {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);

/** Every spelling of a kebab-case name, singular (`one`) and plural (`many`). */
export function variants(name) {
  const words = name.split('-');
  const pluralWords = [...words.slice(0, -1), plural(words[words.length - 1])];
  const forms = (ws) => ({
    kebab: ws.join('-'),
    snake: ws.join('_'),
    camel: ws[0] + ws.slice(1).map(cap).join(''),
    pascal: ws.map(cap).join(''),
    constant: ws.join('_').toUpperCase(),
    prose: ws.join(' '),
    proseCap: cap(ws.join(' ')),
  });
  return { name, one: forms(words), many: forms(pluralWords) };
}

/** The spellings of a requested module name; refuses one that cannot become file and identifier names. */
export function targetName(name) {
  if (!name) refuse('Usage: npm run gen:module <name>   (lower-case letters, digits and hyphens)');
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    refuse(`Invalid module name "${name}": use lower-case letters, digits and single hyphens, starting with a letter.`);
  }
  const target = variants(name);
  if (RESERVED.has(target.one.camel) || RESERVED.has(target.many.camel)) {
    refuse(`Invalid module name "${name}": "${target.one.camel}" is a reserved word in TypeScript.`);
  }
  return target;
}
