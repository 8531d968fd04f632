// Test-only: renders a list page the way the app does (Mantine, TanStack Query, router) and
// exposes the URL so tests can assert on the query state kept in it.
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { DataTable, type DataTableProps } from './data-table';
import type { ListPage } from './types';
import { useTableQueryState, type TableQuery } from './use-table-query-state';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}

/**
 * Stubs fetch so every call answers one list envelope holding `rows`; the mock is returned so the
 * test can read the URLs the page asked for. Undo with vi.unstubAllGlobals().
 */
export function stubListFetch(rows: readonly unknown[]) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(jsonResponse(200, { success: true, data: rows, meta: { total: rows.length } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The current URL's search parameters. */
export function currentParams(): URLSearchParams {
  return new URLSearchParams(screen.getByTestId('location').textContent);
}

export interface TestRow {
  id: number;
  name: string;
  email: string;
  status: string;
}

export function makeRows(count: number): TestRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `row ${i + 1}`,
    email: `user${i + 1}@example.com`,
    status: i % 2 === 0 ? '1' : '0',
  }));
}

/** A fetcher serving `rows` by the query's limit and offset, with the full count as total. */
export const servePages =
  <T,>(rows: readonly T[]) =>
  (query: TableQuery): Promise<ListPage<T>> =>
    Promise.resolve({
      rows: rows.slice(query.offset, query.offset + query.limit),
      total: rows.length,
    });

type TestTableProps = Omit<DataTableProps<TestRow>, 'label' | 'state' | 'result'> & {
  fetchPage: (query: TableQuery) => Promise<ListPage<TestRow>>;
};

/** A list page wired the way features wire theirs: URL state, TanStack Query, DataTable. */
export function TestTable({ fetchPage, columns, ...props }: TestTableProps) {
  const state = useTableQueryState({ columns });
  const result = useQuery({
    queryKey: ['rows', state.query],
    queryFn: () => fetchPage(state.query),
    placeholderData: keepPreviousData,
  });
  return <DataTable label="Rows" columns={columns} state={state} result={result} {...props} />;
}
