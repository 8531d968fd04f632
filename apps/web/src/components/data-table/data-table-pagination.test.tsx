import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toListPage } from './list-page';
import {
  currentParams,
  makeRows,
  renderWithProviders,
  TestTable,
  type TestRow,
} from './test-utils';
import type { DataTableColumn, ListPage } from './types';
import type { TableQuery } from './use-table-query-state';

const columns: DataTableColumn<TestRow>[] = [{ key: 'name', header: 'Name' }];
const rows = makeRows(25);

/** What toListPage makes of a devices page past the server's exact-count limit. */
const estimatedPage = (query: TableQuery): Promise<ListPage<TestRow>> =>
  Promise.resolve(
    toListPage({
      success: true,
      data: rows.map((row) => ({ ...row, name: `row ${query.offset + row.id}` })),
      meta: { total: 80_312, total_estimated: true },
    }),
  );

describe('an estimated total', () => {
  it('is read from meta.total_estimated, and absent for exact totals', () => {
    const envelope = { success: true as const, data: rows };
    expect(toListPage({ ...envelope, meta: { total: 80_312, total_estimated: true } })).toEqual({
      rows,
      total: 80_312,
      estimated: true,
    });
    expect(toListPage({ ...envelope, meta: { total: 25 } })).toEqual({ rows, total: 25 });
  });

  it('shows as "10,000+" while the pages follow the estimate', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TestTable columns={columns} fetchPage={estimatedPage} />);
    expect(await screen.findByText('Showing 1–25 of 10,000+')).toBeInTheDocument();
    expect(screen.queryByText(/80312|80,312/)).not.toBeInTheDocument();
    // 80,312 / 25 → 3213 pages: the last page button is the estimate's.
    expect(screen.getByRole('button', { name: 'Page 3213' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3213' }));
    expect(currentParams().get('offset')).toBe('80300');
    expect(await screen.findByText('Showing 80301–80312 of 10,000+')).toBeInTheDocument();
  });
});
