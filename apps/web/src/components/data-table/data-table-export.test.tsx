import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '@/test/mock-api';
import { makeRows, renderWithProviders, servePages, TestTable, type TestRow } from './test-utils';
import type { DataTableColumn } from './types';
import type { TableQuery } from './use-table-query-state';

const columns: DataTableColumn<TestRow>[] = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'E-mail, primary' },
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
    csv: (row) => (row.status === '1' ? 'Online' : 'Offline'),
  },
  { key: 'actions', header: '', csv: false, render: () => 'edit' },
];

let saved: { blob: Blob; filename: string }[] = [];

// jsdom has no object URLs: record the blob handed over and the name of the link clicked.
beforeEach(() => {
  saved = [];
  let blob: Blob | undefined;
  URL.createObjectURL = (value: Blob | MediaSource) => {
    blob = value as Blob;
    return 'blob:export';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (blob) saved.push({ blob, filename: this.download });
  });
});

afterEach(() => vi.unstubAllGlobals());

const lines = async (index = 0) => {
  const text = await saved[index]?.blob.text();
  return text?.replace(/^\uFEFF/, '').split('\r\n');
};

describe('DataTable CSV export', () => {
  it('fetches every page of the current filter from the endpoint and saves a quoted CSV', async () => {
    const user = userEvent.setup();
    const all = makeRows(2500).map((row) =>
      row.id === 2 ? { ...row, name: 'Say "hi", bye\nnow' } : row,
    );
    let releaseSecond: () => void = () => undefined;
    const secondPage = new Promise<void>((resolve) => (releaseSecond = resolve));
    const { calls } = mockApi({
      'GET /api/devices': async (_init, url) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const offset = Number(params.get('offset') ?? 0);
        const limit = Number(params.get('limit'));
        if (offset === 1000) await secondPage;
        return jsonResponse(200, {
          success: true,
          data: all.slice(offset, offset + limit),
          meta: { total: all.length },
        });
      },
    });
    renderWithProviders(
      <TestTable
        columns={columns}
        fetchPage={servePages(all)}
        exportCsv={{ filename: 'devices.csv', endpoint: '/devices' }}
      />,
      { route: '/?status=1&q=row&sort=name' },
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const busy = await screen.findByRole('button', { name: /Exporting 1000 of 2500/ });
    expect(busy).toBeDisabled();
    releaseSecond();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const urls = calls('GET /api/devices').map(([url]) => url);
    expect(urls).toEqual([
      '/api/devices?limit=1000&offset=0&sort=name&q=row&status=1',
      '/api/devices?limit=1000&offset=1000&sort=name&q=row&status=1',
      '/api/devices?limit=1000&offset=2000&sort=name&q=row&status=1',
    ]);
    expect(saved[0]?.filename).toBe('devices.csv');
    expect(saved[0]?.blob.type).toContain('text/csv');
    const csv = await lines();
    expect(csv?.[0]).toBe('Name,"E-mail, primary",Status');
    expect(csv?.[1]).toBe('row 1,user1@example.com,Online');
    // Records end in CRLF; a line break inside a quoted cell stays as it is.
    expect(csv?.[2]).toBe('"Say ""hi"", bye\nnow",user2@example.com,Offline');
    expect(csv?.at(-2)).toBe('row 2500,user2500@example.com,Offline');
    // Header, 2500 rows and the final line end.
    expect(csv).toHaveLength(2502);
  });

  it('uses the table fetcher with the shown columns', async () => {
    const user = userEvent.setup();
    const rows = makeRows(3);
    const fetchPage = vi.fn((query: TableQuery) => servePages(rows)(query));
    renderWithProviders(
      <TestTable
        columns={columns}
        fetchPage={servePages(rows)}
        exportCsv={{ filename: 'rows.csv', fetchPage }}
      />,
      { route: '/?status=0' },
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(
      expect.objectContaining({ limit: 1000, offset: 0, filters: { status: '0' } }),
      expect.any(AbortSignal),
    );
    expect(await lines()).toEqual([
      'Name,"E-mail, primary",Status',
      'row 1,user1@example.com,Online',
      'row 2,user2@example.com,Offline',
      'row 3,user3@example.com,Online',
      '',
    ]);
  });

  it('shows a toast when a page fails', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(() => Promise.reject(new Error('boom')));
    renderWithProviders(
      <TestTable
        columns={columns}
        fetchPage={servePages(makeRows(3))}
        exportCsv={{ filename: 'rows.csv', fetchPage }}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export CSV')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
