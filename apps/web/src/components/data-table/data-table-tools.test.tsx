import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUserStorage } from '@/lib/storage/user-storage';
import { mockApi, ok } from '@/test/mock-api';
import {
  currentParams,
  makeRows,
  renderWithProviders,
  servePages,
  TestTable,
  type TestRow,
} from './test-utils';
import type { DataTableColumn } from './types';
import type { TableQuery } from './use-table-query-state';

const columns: DataTableColumn<TestRow>[] = [
  { key: 'name', header: 'Name', searchable: true, filter: { type: 'text' } },
  { key: 'email', header: 'Email', searchable: true },
  {
    key: 'status',
    header: 'Status',
    filter: {
      type: 'select',
      options: [
        { value: '1', label: 'Online' },
        { value: '0', label: 'Offline' },
      ],
    },
  },
  { key: 'id', header: 'ID', defaultHidden: true },
];

const rows = makeRows(60);
const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DataTable column chooser', () => {
  const key = 'table.devices.columns';

  beforeEach(async () => {
    mockApi({ 'GET /api/storage': () => ok([{ key, value: '{"email":false}' }]) });
    await loadUserStorage();
  });

  it('shows the stored choice and keeps changes through the storage API', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`PUT /api/storage/${key}`]: () => ok() });
    renderWithProviders(
      <TestTable tableId="devices" columns={columns} fetchPage={servePages(rows)} />,
    );
    await screen.findByText('row 1');
    // Email hidden by the user, ID hidden by default.
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'ID' })).not.toBeInTheDocument();
    expect(screen.queryByText('user1@example.com')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'ID' }));
    expect(await screen.findByRole('columnheader', { name: 'ID' })).toBeInTheDocument();
    await waitFor(() => expect(calls(`PUT /api/storage/${key}`)).toHaveLength(1));
    expect(JSON.parse(String(calls(`PUT /api/storage/${key}`)[0]?.[1]?.body))).toEqual({
      value: JSON.stringify({ email: false, id: true }),
    });
  });

  it('offers no chooser without a table id', async () => {
    renderWithProviders(<TestTable columns={columns} fetchPage={servePages(rows)} />);
    await screen.findByText('row 1');
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
  });
});

describe('DataTable filters', () => {
  it('writes column filters to their URL parameters and sends them to the API', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(servePages(rows));
    renderWithProviders(<TestTable columns={columns} fetchPage={fetchPage} />, {
      route: '/?offset=25',
    });
    await screen.findByText('row 26');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Status' }), 'Online');
    expect(currentParams().get('status')).toBe('1');
    expect(currentParams().has('offset')).toBe(false);
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { status: '1' }, offset: 0 }),
      ),
    );

    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter Name' }), {
      target: { value: ' row 1 ' },
    });
    act(() => vi.advanceTimersByTime(499));
    expect(currentParams().has('name')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(currentParams().get('name')).toBe('row 1');
    vi.useRealTimers();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Status' }), 'All');
    expect(currentParams().has('status')).toBe(false);
    expect(currentParams().get('name')).toBe('row 1');
  });

  it('reads filters from the URL and ignores values a select does not offer', async () => {
    const fetchPage = vi.fn(servePages(rows));
    renderWithProviders(<TestTable columns={columns} fetchPage={fetchPage} />, {
      route: '/?status=7&name=abc',
    });
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Filter Status' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Filter Name' })).toHaveValue('abc');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ filters: { name: 'abc' } })),
    );
  });

  it('chooses the search fields, kept in the URL as search-fields', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(servePages(rows));
    renderWithProviders(<TestTable columns={columns} fetchPage={fetchPage} />, {
      route: '/?q=ab',
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Search in' }));
    const email = await screen.findByRole('menuitemcheckbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    await user.click(email);
    expect(currentParams().get('search-fields')).toBe('name');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ q: 'ab', searchFields: ['name'] }),
      ),
    );
    // Checkbox items keep the menu open; the last searched field cannot be unticked.
    expect(email).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Name' })).toBeDisabled();
  });
});

describe('DataTable row selection', () => {
  it('hands the ticked rows to a bulk action and clears on another page', async () => {
    const user = userEvent.setup();
    const remove = vi.fn<(selected: TestRow[]) => void>();
    renderWithProviders(
      <TestTable
        columns={columns}
        fetchPage={servePages(rows)}
        bulkActions={[{ label: 'Delete', color: 'red', onClick: remove }]}
      />,
    );
    await screen.findByText('row 1');
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 5' }));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith([rows[1], rows[4]]);

    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await user.click(all);
    expect(bar).toHaveTextContent('25 selected');
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenLastCalledWith(rows.slice(0, 25));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('row 26');
    expect(screen.queryByRole('region', { name: 'Selected rows' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select row 26' })).not.toBeChecked();
  });

  it('offers an action only for the selections it can take', async () => {
    const user = userEvent.setup();
    const compare = vi.fn<(selected: TestRow[]) => void>();
    renderWithProviders(
      <TestTable
        columns={columns}
        fetchPage={servePages(rows)}
        bulkActions={[
          { label: 'Compare', onClick: compare, disabled: (ticked) => ticked.length !== 2 },
        ]}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 1' }));
    const button = screen.getByRole('button', { name: 'Compare' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(button).toBeEnabled();
    await user.click(button);
    expect(compare).toHaveBeenCalledWith([rows[0], rows[1]]);
  });

  it('does not open the row when its checkbox is clicked', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    renderWithProviders(
      <TestTable
        columns={columns}
        fetchPage={servePages(rows)}
        onRowClick={open}
        bulkActions={[{ label: 'Delete', onClick: () => undefined }]}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 1' }));
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByText('row 3'));
    expect(open).toHaveBeenCalledWith(rows[2]);
  });
});

describe('DataTable error state', () => {
  it('shows the message and retries', async () => {
    const user = userEvent.setup();
    const fetchPage = vi
      .fn<(query: TableQuery) => ReturnType<ReturnType<typeof servePages<TestRow>>>>()
      .mockRejectedValueOnce(new Error('Gateway timeout'))
      .mockImplementation(servePages(rows));
    renderWithProviders(<TestTable columns={columns} fetchPage={fetchPage} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Gateway timeout');
    expect(headers()).toContain('Name');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
