// Test-only: renders a page at its route pattern with what the app gives it (Mantine, toasts,
// the dialog host, a query client holding the signed-in user) and a mocked API, plus a probe of
// where the router went. Feature tests that need route params use it; others use renderPage.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { COOKIES, type CurrentUser } from '@netfleet/contracts';
import { DialogHost, dialogs } from '@/components/dialogs';
import { writeCookie } from '@/lib/cookies';
import { currentUserQueryKey } from '@/lib/current-user';
import { jsonResponse, mockApi, type MockHandler } from './mock-api';
import { createTestQueryClient } from './render-page';

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

afterEach(() => {
  act(() => {
    dialogs.closeAll();
    notifications.clean();
  });
  vi.unstubAllGlobals();
});

export const listOk = (rows: readonly unknown[]) =>
  jsonResponse(200, { success: true, data: rows, meta: { total: rows.length } });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Where the router is now: path and query. */
export const currentLocation = () => screen.getByTestId('location').textContent;

interface RenderOptions {
  /** The URL to open. */
  url: string;
  /** The route pattern the page is mounted at ('/tag/:id'). */
  path: string;
  user: CurrentUser;
  api: Record<string, MockHandler>;
}

/** Any other URL (where a page navigates to) renders just the probe and the dialogs. */
export function renderWithSession(page: ReactElement, { url, path, user, api }: RenderOptions) {
  const mocked = mockApi(api);
  const queryClient = createTestQueryClient();
  // The startup gate seeds the user before any page renders; the test does the same.
  queryClient.setQueryData(currentUserQueryKey, user);
  const chrome = (
    <>
      <DialogHost />
      <LocationProbe />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {page}
            {chrome}
          </>
        ),
      },
      { path: '*', element: chrome },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, ...mocked, queryClient, router, user: userEvent.setup() };
}

/** The JSON body of the last call to `key` ('PUT /api/tags/7'). */
export function lastBody(calls: (key: string) => unknown[][], key: string): unknown {
  const init = calls(key).at(-1)?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

export const dialog = async (name: string | RegExp) =>
  within(await screen.findByRole('dialog', { name }));

/** A schema-form picker's input, by the start of its label (the label ends with the asterisk). */
export const pickerInput = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
