import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { currentParams, renderWithProviders } from './test-utils';
import type { DataTableColumn, ListPage } from './types';
import { useTableQueryState, type TableQuery } from './use-table-query-state';

interface Row {
  id: number;
  name: string;
  created_at: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'created_at', header: 'Created', sortable: true },
  { key: 'id', header: 'ID' },
];

const allRows: Row[] = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  name: `row ${i + 1}`,
  created_at: '2026-01-01T00:00:00Z',
}));

const pageOf = (rows: Row[]) => (query: TableQuery) =>
  Promise.resolve({
    rows: rows.slice(query.offset, query.offset + query.limit),
    total: rows.length,
  });

function Harness({ fetchPage }: { fetchPage: (query: TableQuery) => Promise<ListPage<Row>> }) {
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: ['name', 'created_at'],
  });
  const result = useQuery({
    queryKey: ['rows', state.query],
    queryFn: () => fetchPage(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      label="Rows"
      columns={columns}
      state={state}
      result={result}
      emptyMessage="Nothing here"
    />
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('DataTable', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a skeleton while loading, then the rows', async () => {
    let resolve: (page: ListPage<Row>) => void = () => undefined;
    const fetchPage = () => new Promise<ListPage<Row>>((r) => (resolve = r));
    renderWithProviders(<Harness fetchPage={fetchPage} />);
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
    act(() => resolve({ rows: allRows.slice(0, 2), total: 2 }));
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(screen.queryByTestId('data-table-skeleton')).not.toBeInTheDocument();
  });

  it('toggles the sort URL parameter from header clicks and the keyboard', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(pageOf(allRows));
    renderWithProviders(<Harness fetchPage={fetchPage} />);
    await screen.findByText('row 1');
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(header('ID')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Name')).getByRole('button'));
    expect(currentParams().get('sort')).toBe('name');
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header('Name')).getByRole('button'));
    expect(currentParams().get('sort')).toBe('-name');
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');

    within(header('Created')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(currentParams().get('sort')).toBe('created_at');
    await user.keyboard(' ');
    // Back to the default sort, which the URL leaves out.
    expect(currentParams().has('sort')).toBe(false);
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ sort: '-created_at' })),
    );
  });

  it('pages through the total and changes the page size', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(pageOf(allRows));
    renderWithProviders(<Harness fetchPage={fetchPage} />);
    expect(await screen.findByText('Showing 1–25 of 120')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(currentParams().get('offset')).toBe('25');
    expect(await screen.findByText('Showing 26–50 of 120')).toBeInTheDocument();
    expect(screen.getByText('row 26')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(currentParams().get('limit')).toBe('100');
    expect(currentParams().has('offset')).toBe(false);
    expect(await screen.findByText('Showing 1–100 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
  });

  it('moves an offset past the end back to the last page', async () => {
    const fetchPage = vi.fn(pageOf(allRows.slice(0, 30)));
    renderWithProviders(<Harness fetchPage={fetchPage} />, { route: '/?offset=500' });
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument();
    expect(currentParams().get('offset')).toBe('25');
  });

  it('shows the empty message and no pagination when there are no rows', async () => {
    renderWithProviders(<Harness fetchPage={pageOf([])} />);
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('shows the error with a retry that fetches again', async () => {
    const user = userEvent.setup();
    const fetchPage = vi
      .fn<(query: TableQuery) => Promise<ListPage<Row>>>()
      .mockRejectedValueOnce(new Error('Server unavailable'))
      .mockImplementation(pageOf(allRows));
    renderWithProviders(<Harness fetchPage={fetchPage} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('row 1')).toBeInTheDocument();
  });

  it('debounces the search box by 500 ms before it reaches the URL', async () => {
    const fetchPage = vi.fn(pageOf(allRows));
    renderWithProviders(<Harness fetchPage={fetchPage} />, { route: '/?offset=25' });
    await screen.findByText('row 26');
    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'ro' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'row 7' } });
    act(() => vi.advanceTimersByTime(499));
    expect(currentParams().has('q')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(currentParams().get('q')).toBe('row 7');
    // A new search starts from the first page.
    expect(currentParams().has('offset')).toBe(false);
    vi.useRealTimers();
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ q: 'row 7', offset: 0 }),
      ),
    );
  });

  it('takes a search from the URL and clears it at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness fetchPage={pageOf(allRows)} />, { route: '/?q=abc' });
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('abc');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(currentParams().has('q')).toBe(false);
  });
});
