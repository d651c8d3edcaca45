/**
 * The two ways the generator stops on purpose. Both are thrown, never caught half-way, so that
 * nothing is written: the whole plan is made in memory before the first file is touched.
 */

/** A source file the small lexer cannot follow; the generator refuses rather than guess. */
export class ParseError extends Error {}

/** Bad input, a taken name or a missing registration point; reported without a stack trace. */
export class Refusal extends Error {}

export function refuse(message) {
  throw new Refusal(message);
}

/** Runs fn, turning a ParseError into a refusal that names the file. */
export function parseOrRefuse(file, fn) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ParseError) refuse(`Cannot read ${file} (${e.message}); nothing was written.`);
    throw e;
  }
}
