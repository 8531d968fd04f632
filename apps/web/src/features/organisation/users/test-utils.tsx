// Test-only: a users page (or form) with the app's providers, the dialog host and a signed-in
// user, and the list envelopes the API answers with.
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { Permission, RoleName } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { currentUserQueryKey } from '@/lib/current-user';
import { roleUser } from '@/test/fixtures';
import { jsonResponse } from '@/test/mock-api';
import { createTestQueryClient, renderPage } from '@/test/render-page';

afterEach(() => {
  act(() => {
    dialogs.closeAll();
    notifications.clean();
  });
  vi.unstubAllGlobals();
});

interface RenderOptions {
  path?: string;
  role?: RoleName;
  permissions?: Permission[];
}

export function renderSignedIn(
  ui: ReactElement,
  { path = '/', role = 'admin', permissions }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, roleUser(role, permissions ? { permissions } : {}));
  return { ...renderPage(ui, { path, queryClient }), user: userEvent.setup() };
}

export const list = (rows: readonly unknown[]) =>
  jsonResponse(200, { success: true, data: rows, meta: { total: rows.length } });

/** The JSON body of a captured fetch call. */
export function jsonBody(call: unknown[] | undefined): unknown {
  const init = call?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** The query parameters of a captured fetch call. */
export const paramsOf = (call: unknown[] | undefined) =>
  Object.fromEntries(new URL(String(call?.[0] ?? ''), 'http://localhost').searchParams);

/** GET /companies (q, id) and GET /roles (company_id) as the pickers and filters ask them. */
export function pickerHandlers(
  companies: readonly { id: number; name: string }[],
  rolesByCompany: Readonly<Record<string, readonly unknown[]>>,
) {
  return {
    'GET /api/companies': (_init: RequestInit | undefined, url: string) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const q = params.get('q') ?? '';
      const id = params.get('id');
      return list(
        companies.filter(
          (company) => company.name.includes(q) && (id === null || String(company.id) === id),
        ),
      );
    },
    'GET /api/roles': (_init: RequestInit | undefined, url: string) => {
      const companyId = new URL(url, 'http://localhost').searchParams.get('company_id') ?? '3';
      return list(rolesByCompany[companyId] ?? []);
    },
    'GET /api/storage': () => list([]),
  };
}
