import { describe, expect, it, vi } from 'vitest';
import { csvCell, fetchAllRows, toCsv } from './csv';
import type { DataTableColumn, ListPage } from './types';
import type { TableQuery } from './use-table-query-state';

const query: TableQuery = { limit: 25, offset: 50, sort: 'name', q: 'x', filters: { status: '1' } };

describe('CSV building', () => {
  it('quotes only cells that need it and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+1.5e3')).toBe('+1.5e3');
  });

  it('takes headers from string headers or keys and cells from csv() or the raw field', () => {
    const columns: DataTableColumn<{ id: number; tags: string[]; note: null }>[] = [
      { key: 'id', header: <b>Id</b> },
      { key: 'tags', header: 'Tags' },
      { key: 'note', header: 'Note', csv: () => 'n/a' },
      { key: 'menu', header: 'Menu', csv: false },
    ];
    expect(toCsv(columns, [{ id: 1, tags: ['a', 'b'], note: null }])).toBe(
      'id,Tags,Note\r\n1,"[""a"",""b""]",n/a\r\n',
    );
  });
});

describe('fetchAllRows', () => {
  const signal = new AbortController().signal;

  it('asks page after page of 1000 from offset 0 until the total', async () => {
    const data = Array.from({ length: 2001 }, (_, id) => ({ id }));
    const fetchPage = vi.fn((q: TableQuery): Promise<ListPage<{ id: number }>> =>
      Promise.resolve({ rows: data.slice(q.offset, q.offset + q.limit), total: data.length }),
    );
    const progress = vi.fn();
    const rows = await fetchAllRows(fetchPage, query, signal, progress);
    expect(rows).toHaveLength(2001);
    expect(fetchPage.mock.calls.map(([q]) => [q.limit, q.offset])).toEqual([
      [1000, 0],
      [1000, 1000],
      [1000, 2000],
    ]);
    expect(fetchPage).toHaveBeenCalledWith(
      expect.objectContaining({ sort: 'name', q: 'x', filters: { status: '1' } }),
      signal,
    );
    expect(progress.mock.calls).toEqual([
      [1000, 2001],
      [2000, 2001],
      [2001, 2001],
    ]);
  });

  it('stops on an empty page even if the total promised more', async () => {
    const fetchPage = vi
      .fn<(q: TableQuery) => Promise<ListPage<{ id: number }>>>()
      .mockResolvedValueOnce({ rows: [{ id: 1 }], total: 5 })
      .mockResolvedValue({ rows: [], total: 5 });
    expect(await fetchAllRows(fetchPage, query, signal, () => undefined)).toEqual([{ id: 1 }]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage.mock.calls[1]?.[0].offset).toBe(1);
  });
});
