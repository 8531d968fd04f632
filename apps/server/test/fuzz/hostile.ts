import type { Rng } from './prng';

/**
 * JSON has no NaN or Infinity, but `1e999` parses as Infinity and `-0` as negative zero: raw
 * number tokens travel as this marker and are spliced into the JSON text (see toJsonText).
 */
export const RAW_MARK = '\u0001raw:';
const raw = (token: string) => `${RAW_MARK}${token}`;

export const toJsonText = (value: unknown): string =>
  JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');

const MEGABYTE = 1024 * 1024;

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\0',
  'a\0b',
  '%00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/shadow',
  '/dev/zero',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); select pg_sleep(0); --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '😀'.repeat(64),
  'Ωmega – ünïcödé – 日本語 – العربية',
  '\u202egnp.exe',
  '\ufeff\u200b\u200d',
  '\ud800',
  '\udfff\ud800',
  'a'.repeat(5000),
  'x'.repeat(70_000),
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  '2024-13-45T99:99:99Z',
  '+275760-09-13T00:00:00.001Z',
  'user@',
  '@example.test',
  'a@b',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  '\r\nSet-Cookie: x=1',
  '%',
  '%zz',
  '*',
  '\\',
  ',,,',
  'id,-id,,',
];

export const HOSTILE_NUMBERS: readonly unknown[] = [
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
  raw('1e999'),
  raw('-1e999'),
  raw('-0'),
  raw('123456789012345678901234567890'),
];

export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [1, '2', { a: 3 }],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  { $gt: '' },
];

/** Nested arrays and objects `depth` deep: recursion in validators and walkers. */
export const deepValue = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** The same as JSON text, for depths JSON.stringify itself cannot reach (parsers' recursion). */
export const deepJsonText = (depth: number): string => {
  const pairs = Math.floor(depth / 2);
  return `${'[{"a":'.repeat(pairs)}1${'}]'.repeat(pairs)}`;
};

/** One hostile value of any kind; megabyte strings only once in a while (they are slow). */
export const hostileValue = (rng: Rng): unknown => {
  const roll = rng.next();
  if (roll < 0.005) return 'm'.repeat(MEGABYTE);
  if (roll < 0.02) return deepValue(rng.pick([64, 500, 1500]));
  if (roll < 0.5) return rng.pick(HOSTILE_STRINGS);
  if (roll < 0.8) return rng.pick(HOSTILE_NUMBERS);
  return rng.pick(WRONG_TYPES);
};

/** Text for a path segment or query value: hostile strings and numbers, as text. */
export const hostileText = (rng: Rng): string => {
  const value = rng.chance(0.7) ? rng.pick(HOSTILE_STRINGS) : rng.pick(HOSTILE_NUMBERS);
  const text = typeof value === 'string' ? value : String(value);
  return text.startsWith(RAW_MARK) ? text.slice(RAW_MARK.length) : text;
};

export const HOSTILE_IDS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '00000000001',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  '\0',
  '1\0',
  '..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "1' OR '1'='1",
  '1;select 1',
  '<b>1</b>',
  '😀',
  '\u202e1',
  'a'.repeat(3000),
  '%',
  '1,2,3',
];
