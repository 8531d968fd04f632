// Test-only: a roles page with the app's providers, the dialog host and a signed-in user.
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { Permission, Role, RoleName } from '@netfleet/contracts';
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

export function renderSignedIn(
  ui: ReactElement,
  {
    path = '/',
    role = 'admin',
    permissions,
  }: { path?: string; role?: RoleName; permissions?: Permission[] } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, roleUser(role, permissions ? { permissions } : {}));
  return { ...renderPage(ui, { path, queryClient }), user: userEvent.setup() };
}

export const list = (rows: readonly unknown[]) =>
  jsonResponse(200, { success: true, data: rows, meta: { total: rows.length } });

export function jsonBody(call: unknown[] | undefined): unknown {
  const init = call?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

export const paramsOf = (call: unknown[] | undefined) =>
  Object.fromEntries(new URL(String(call?.[0] ?? ''), 'http://localhost').searchParams);

export const roleOf = (overrides: Partial<Role> & Pick<Role, 'id' | 'title'>): Role => ({
  name: overrides.title.toLowerCase().replaceAll(' ', '_'),
  description: '',
  company_id: 3,
  company_name: 'Acme',
  permissions_count: 2,
  is_default: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  ...overrides,
});
