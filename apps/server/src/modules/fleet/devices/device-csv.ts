// CSV for the device import and export: RFC 4180 quoting, one record per line.

export interface CsvRecord {
  /** Line number in the file (1 = first line). */
  line: number;
  values: string[];
}

/** Splits one line into cells; double quotes enclose cells and `""` is a literal quote. */
export const splitCsvLine = (line: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
};

/** Spec §5: lines are trimmed (which also drops a BOM) and empty ones skipped. */
export const parseCsv = (text: string): CsvRecord[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ line: index + 1, text: line.replace(/^\uFEFF/, '').trim() }))
    .filter((entry) => entry.text.length > 0)
    .map((entry) => ({ line: entry.line, values: splitCsvLine(entry.text) }));

/**
 * One cell: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs
 * device-reported text as a formula.
 */
export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value !== 'number') text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (values: unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
