import { describe, expect, it } from 'vitest';
import { decodeCopyField, decodeCopyRow, encodeCopyField, encodeCopyRow } from './copy-text';

const NASTY: (string | null)[] = [
  null,
  '',
  '\\N',
  'tab\there',
  'line\nbreak\r\nand CR',
  'back\\slash\\\\double\\',
  'ünïcödé ✓ 𝄞 日本',
  '\\x00ff10', // bytea as text
  '{"a":"b\\tc","n":null,"s":"line\\n"}', // json as text
  '{"x\\"y","with space",NULL,"b\\\\s"}', // text[] as text
  '2026-11-30 23:59:59.123456+00', // timestamptz as text
  '\\.',
];

describe('COPY text format', () => {
  it('round-trips every value, NULL apart from the string \\N', () => {
    for (const value of NASTY) expect(decodeCopyField(encodeCopyField(value))).toBe(value);
    expect(encodeCopyField(null)).toBe('\\N');
    expect(encodeCopyField('\\N')).toBe('\\\\N');
  });

  it('keeps a row on one line with one tab between fields', () => {
    const line = encodeCopyRow(NASTY);
    expect(line).not.toMatch(/[\n\r]/);
    expect(line.split('\t')).toHaveLength(NASTY.length);
    expect(decodeCopyRow(line)).toEqual(NASTY);
  });

  it("reads PostgreSQL's own escapes", () => {
    expect(decodeCopyField('a\\bb\\fc\\vd')).toBe('a\bb\fc\vd');
    expect(decodeCopyField('\\101\\x42\\7')).toBe('AB\x07');
  });
});
