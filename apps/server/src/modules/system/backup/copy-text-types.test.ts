// Values of every kind of column leave as text (`::text`, under the dump's settings), cross the
// COPY text encoding, and read back through the column type's input function unchanged: on the
// database the tests run on (PGlite, or PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { decodeCopyRow, encodeCopyRow } from './copy-text';
import { withSqlSession } from './sql-session';

const VALUES: [type: string, literal: string][] = [
  ['bytea', String.raw`'\x00ff5c090a0d'::bytea`],
  ['json', String.raw`'{"t":"a\tb\\c\nd","u":"ünï ✓ 𝄞","n":null,"x":1.50}'::json`],
  ['jsonb', String.raw`'{"t":"a\tb\\c\nd","arr":[1,"\\N",null]}'::jsonb`],
  ['text[]', String.raw`array['a"b', 'c\d', E'tab\there', null, '', 'NULL']::text[]`],
  ['integer[]', `array[1, null, -3]::integer[]`],
  ['timestamptz', `'2026-11-30 23:59:59.123456+05:30'::timestamptz`],
  ['timestamp', `'1999-01-08 04:05:06.5'::timestamp`],
  ['date', `'0044-03-15 BC'::date`],
  ['interval', `'1 year 2 mons -3 days 04:05:06.7'::interval`],
  ['double precision', `0.1::float8 + 0.2::float8`],
  ['real', `'1.17549435e-38'::real`],
  ['numeric', `'123456789012345678901234567890.000000001'::numeric`],
  ['boolean', 'false'],
  ['uuid', `'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid`],
  ['inet', `'2001:db8::1/64'::inet`],
  ['text', String.raw`E'\\N \\. \b\f\v back\\slash \r\n ünï'`],
  ['character varying(10)', `null::varchar(10)`],
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('COPY text of real column types', () => {
  it('reads back equal to what was written', async () => {
    const select = VALUES.map(([, literal], i) => `(${literal})::text as c${i}`).join(', ');
    const texts = await withSqlSession(t.db, 'snapshot', async (session) => {
      for (const setting of [
        "set local timezone to 'Asia/Kathmandu'",
        "set local datestyle to 'ISO, YMD'",
        "set local intervalstyle to 'postgres'",
        'set local extra_float_digits to 3',
      ]) {
        await session.query(setting);
      }
      const [row] = await session.query<Record<string, string | null>>(`select ${select}`);
      return VALUES.map((_, i) => row?.[`c${i}`] ?? null);
    });
    const decoded = decodeCopyRow(encodeCopyRow(texts));
    expect(decoded).toEqual(texts);
    // Read back in a session with other settings: the text form must not depend on them.
    const same = await withSqlSession(t.db, 'write', async (session) => {
      await session.query("set local timezone to 'America/New_York'");
      await session.query("set local datestyle to 'SQL, DMY'");
      const checks = VALUES.map(
        ([type, literal], i) =>
          // As text (json has no equality), in this session's settings for both sides.
          `($${i + 1}::text::${type}::text is not distinct from (${literal})::${type}::text) as c${i}`,
      );
      const [row] = await session.query<Record<string, boolean>>(
        `select ${checks.join(', ')}`,
        decoded,
      );
      return VALUES.map(([type], i) => [type, row?.[`c${i}`]]);
    });
    expect(same).toEqual(VALUES.map(([type]) => [type, true]));
  });
});
