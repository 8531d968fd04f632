/**
 * PostgreSQL's COPY text format (what pg_dump's plain format holds): one row a line, fields
 * separated by tabs, NULL as `\N`. Values travel as their text form (each column selected
 * `::text`, read back through the column type's input function), so only the framing characters
 * need escaping here: bytea, json, arrays and timestamps are already text by then.
 */

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

const UNESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

export const encodeCopyField = (value: string | null): string =>
  value === null ? '\\N' : value.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char] ?? char);

export const encodeCopyRow = (values: readonly (string | null)[]): string =>
  values.map(encodeCopyField).join('\t');

/**
 * One field back to its text; also reads what PostgreSQL's own COPY TO writes (octal and hex
 * escapes, \b \f \v), so a dump edited or produced by psql loads the same.
 */
export const decodeCopyField = (field: string): string | null => {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (_match, escape: string) => {
    if (escape.length > 1 && escape.startsWith('x')) {
      return String.fromCharCode(parseInt(escape.slice(1), 16));
    }
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8) & 0xff);
    return UNESCAPES[escape] ?? escape;
  });
};

export const decodeCopyRow = (line: string): (string | null)[] =>
  line.split('\t').map(decodeCopyField);
