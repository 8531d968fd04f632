// Test-only: the password manager opened over a page, the action status spy, a file saver.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { CurrentUser, PasswordBatch } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { registerActionStatus, type ActionStatusHandler } from '@/lib/action-status';
import type { MockHandler } from '@/test/mock-api';
import { dialog, listOk, renderWithSession } from '@/test/render-route';
import { passwordManagerDialog } from './components/password-manager-dialog';

export { lastBody, listOk } from '@/test/render-route';

export const actionStatusOpened = vi.fn<ActionStatusHandler>();
/** The names of the files handed to the browser. */
export const savedFiles: string[] = [];
let unregister: (() => void) | undefined;

// jsdom has no object URLs: the saved file is the name of the link clicked.
beforeEach(() => {
  unregister = registerActionStatus(actionStatusOpened);
  savedFiles.length = 0;
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    savedFiles.push(this.download);
  });
});

afterEach(() => {
  unregister?.();
  actionStatusOpened.mockReset();
  vi.restoreAllMocks();
});

export const DEVICES = [
  { id: 11, name: 'Gate router' },
  { id: 12, name: 'Pump station' },
];

export function passwordBatch(overrides: Partial<PasswordBatch> = {}): PasswordBatch {
  return {
    id: 'b7Kq2',
    company_id: 3,
    company_name: 'Acme',
    completed: 2,
    failed: 0,
    total: 2,
    downloadable: true,
    downloaded_at: null,
    created_at: '2026-11-20 12:00:00',
    updated_at: '2026-11-20 12:01:00',
    deleted_at: null,
    ...overrides,
  };
}

/** The CSV answer of a batch's download. */
export const passwordsCsv = () =>
  new Response('id,name,serial,mac,password,status\r\n', {
    status: 200,
    headers: {
      'Content-Type': 'application/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="device-passwords-2026-11-20.csv"',
    },
  });

/** Opens the dialog for DEVICES with these API handlers (no password tasks unless given). */
export async function openPasswordManager(user: CurrentUser, api: Record<string, MockHandler>) {
  const view = renderWithSession(
    <button onClick={() => dialogs.open(passwordManagerDialog({ devices: DEVICES }))}>Open</button>,
    {
      url: '/management/devices',
      path: '/management/devices',
      user,
      api: { 'GET /api/devices/passwords/generated/tasks': () => listOk([]), ...api },
    },
  );
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, manager: await dialog(/^Password manager/) };
}
