// Test-only: renders a list page the way the app does (Mantine, TanStack Query, router) and
// exposes the URL so tests can assert on the query state kept in it.
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { jsonResponse } from '@/test/mock-api';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider env="test">
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
