// Test-only: renders notification UI with the app's providers, a signed-in user and a fake socket.
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { Notification } from '@netfleet/contracts';
import { currentUserQueryKey } from '@/lib/current-user';
import { RealtimeProvider } from '@/lib/realtime';
import { FakeSocket } from '@/test/fake-socket';
import { roleUser } from '@/test/fixtures';
import { jsonResponse } from '@/test/mock-api';
import { createTestQueryClient, renderPage } from '@/test/render-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

export const USER = roleUser('end_user');
export const USER_CHANNEL = `private-user.${USER.id}`;

export function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
    seen_at: null,
    summary: `Notification ${id}`,
    type: 'deviceAlert',
    ...overrides,
  };
}

export const listAnswer = (rows: Notification[], unseen = rows.filter((r) => !r.seen_at).length) =>
  jsonResponse(200, { success: true, data: rows, meta: { total: rows.length, unseen } });

export function renderWithRealtime(element: ReactElement, path = '/', socket = new FakeSocket()) {
  const connect = () => socket.asSocket();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, USER);
  const view = renderPage(<RealtimeProvider connect={connect}>{element}</RealtimeProvider>, {
    path,
    queryClient,
  });
  return { ...view, socket };
}
