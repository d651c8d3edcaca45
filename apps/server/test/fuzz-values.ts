import fc from 'fast-check';

/**
 * Values a hostile client sends (issue 7): strings that break parsers, queries and paths, numbers
 * at every edge, deep nesting; shared by the console's fuzz test and the app API's.
 */
export const NASTY_STRINGS = [
  '',
  ' ',
  'a'.repeat(10_000),
  "1' OR '1'='1",
  '1; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '\u0000\u0001\uFFFF',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '𠜎𠜱𠝹😀',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999',
  '{"__proto__":{"admin":true}}',
  'CASE WHEN 1=1 THEN id END',
];

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    ...NASTY_STRINGS,
    null,
    true,
    false,
    0,
    -1,
    2 ** 31,
    2 ** 63,
    2 ** 53,
    -(2 ** 31) - 1,
    1.5,
    1e20,
    1e300,
    -1e15,
    Number.MAX_VALUE,
    nested(64),
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 4 }),
  fc.anything(),
);

/** An array nested `depth` levels deep around one string. */
export function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
