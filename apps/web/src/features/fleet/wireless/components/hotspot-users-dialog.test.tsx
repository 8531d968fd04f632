import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, HotspotSession, HotspotUser } from '@netfleet/contracts';
import { registerActionStatus, type ActionStatusHandler } from '@/lib/action-status';
import { errorResponse, jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { dialog, lastBody } from '@/test/render-route';
import { HotspotsPage } from '../pages/hotspots-page';
import { hotspot, listOk, renderWithSession } from '../test-utils';

const USERS = 'GET /api/devices/11/hotspots/0/users';
const SESSIONS = 'GET /api/devices/11/hotspots/0/users/active';
const ADD = 'POST /api/devices/11/hotspots/0/users';
const REMOVE = 'DELETE /api/devices/11/hotspots/0/users';
const CHANNEL = 'private-status.7.0123456789abcdef';
const CHANNEL_READ = `GET /api/status/channel/${CHANNEL}`;

const session: HotspotSession = {
  id: null,
  device_id: 11,
  ssid: 'Guest hotspot',
  username: 'guest',
  ip: '192.168.2.10',
  mac: '02:00:00:00:0B:00',
  start_time: '2026-03-01T09:53:00Z',
  use_time: '420',
  download: '1250000',
  upload: '310000',
  created_at: '2026-03-01T09:53:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  started_at: '2026-03-01T09:53:00Z',
  rx: 1_250_000,
  tx: 310_000,
};
/** RMS's answer of .../users/active: `code` and `hotspots_active_users`, no `data`. */
const activeUsers = (sessions: HotspotSession[]) =>
  jsonResponse(200, {
    success: true,
    code: 200,
    hotspots_active_users: sessions,
    meta: { total: sessions.length },
  });
const users: HotspotUser[] = [{ username: 'guest' }, { username: 'staff' }];
const accepted = () => jsonResponse(200, { success: true, meta: { channel: CHANNEL } });
const channelDone = () =>
  ok({
    '11': [
      { status: 'started', value: 'queued' },
      { status: 'completed', value: 'done' },
    ],
  });

const actionStatusOpened = vi.fn<ActionStatusHandler>();
let unregister: () => void = () => undefined;
beforeEach(() => {
  unregister = registerActionStatus(actionStatusOpened);
});
afterEach(() => {
  unregister();
  actionStatusOpened.mockReset();
});

function renderDialog(api: Record<string, MockHandler> = {}, user?: CurrentUser) {
  return renderWithSession(<HotspotsPage />, {
    url: '/management/hotspots',
    path: '/management/hotspots',
    user: user ?? roleUser('admin', { company_id: 3 }),
    api: {
      'GET /api/hotspots': () => listOk([hotspot()]),
      'GET /api/companies': () => listOk([]),
      [USERS]: () => listOk(users),
      [SESSIONS]: () => activeUsers([session]),
      ...api,
    },
  });
}

/** Opens 'Hotspot users' from the row's menu. */
async function openUsers(view: ReturnType<typeof renderDialog>) {
  await view.user.click(
    await screen.findByRole('button', { name: 'Actions for Guest hotspot on Depot router' }),
  );
  await view.user.click(await screen.findByRole('menuitem', { name: 'Hotspot users' }));
  return dialog('Hotspot users');
}

describe('Hotspot users dialog', () => {
  it('lists the users and active sessions the device reports', async () => {
    const view = renderDialog();
    const users = await openUsers(view);
    expect(users.getByText('Guest hotspot on Depot router')).toBeInTheDocument();
    const userTable = await users.findByRole('table', { name: 'Users' });
    expect(within(userTable).getByText('staff')).toBeInTheDocument();
    const sessions = await users.findByRole('table', { name: 'Active sessions' });
    const row = within(within(sessions).getByText('192.168.2.10').closest('tr') as HTMLElement);
    expect(row.getByText('guest')).toBeInTheDocument();
    expect(row.getByText('02:00:00:00:0B:00')).toBeInTheDocument();
    expect(row.getByText('2026-03-01 09:53:00')).toBeInTheDocument();
    expect(row.getByText('1.19 MB')).toBeInTheDocument();
  });

  it('shows the device being read, then the empty lists', async () => {
    let answer: (response: Response) => void = () => undefined;
    const view = renderDialog({
      [USERS]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [SESSIONS]: () => activeUsers([]),
    });
    const users = await openUsers(view);
    expect(users.getByText('Reading the users from the device…')).toBeInTheDocument();
    expect(await users.findByText('Nobody is logged in to this hotspot')).toBeInTheDocument();
    answer(listOk([]));
    expect(await users.findByText('No users on this hotspot')).toBeInTheDocument();
  });

  it("shows the server's reason when the device cannot be read, with a retry", async () => {
    const offline = 'The device is offline: hotspot users are read from the device itself';
    const view = renderDialog({ [USERS]: () => errorResponse(409, 'DEVICE_OFFLINE', offline) });
    const users = await openUsers(view);
    const alert = await users.findByRole('alert');
    expect(within(alert).getByText(offline)).toBeInTheDocument();
    const before = view.calls(USERS).length;
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(view.calls(USERS).length).toBe(before + 1));
  });

  it('adds a user, follows it in Action status and reads the users again when done', async () => {
    const view = renderDialog({ [ADD]: accepted, [CHANNEL_READ]: channelDone });
    const users = await openUsers(view);
    await users.findByRole('table', { name: 'Users' });
    const form = within(users.getByRole('form', { name: 'Add user' }));
    await view.user.type(form.getByLabelText(/^Username/), 'lobby');
    await view.user.type(form.getByLabelText(/^Password/), 'pass word');
    await view.user.click(form.getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(view.calls(ADD)).toHaveLength(1));
    expect(lastBody(view.calls, ADD)).toEqual({ username: 'lobby', password: 'pass word' });
    expect(actionStatusOpened).toHaveBeenCalledWith(CHANNEL, {
      title: 'Add hotspot user lobby',
      itemLabels: { '11': 'Depot router' },
    });
    await waitFor(() => expect(form.getByLabelText(/^Username/)).toHaveValue(''));
    // The device finished: both lists are read from it again.
    await waitFor(() => expect(view.calls(USERS)).toHaveLength(2));
    await waitFor(() => expect(view.calls(SESSIONS)).toHaveLength(2));
  });

  it('puts the API’s field errors under their fields, and checks the input first', async () => {
    const view = renderDialog({
      [ADD]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            { code: 'VALIDATION_ERROR', message: 'Username is taken here', source: 'username' },
          ],
        }),
    });
    const users = await openUsers(view);
    const form = within(users.getByRole('form', { name: 'Add user' }));
    await view.user.click(form.getByRole('button', { name: 'Add user' }));
    expect(await form.findByText('Username is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(view.calls(ADD)).toHaveLength(0);

    await view.user.type(form.getByLabelText(/^Username/), 'guest');
    await view.user.type(form.getByLabelText(/^Password/), 'secret');
    await view.user.click(form.getByRole('button', { name: 'Add user' }));
    expect(await form.findByText('Username is taken here')).toBeInTheDocument();
    expect(actionStatusOpened).not.toHaveBeenCalled();
  });

  it('removes a user after a danger confirmation, and not without it', async () => {
    const view = renderDialog({ [REMOVE]: accepted, [CHANNEL_READ]: channelDone });
    const users = await openUsers(view);
    await view.user.click(await users.findByRole('button', { name: 'Remove staff' }));
    const cancel = await dialog('Remove hotspot user');
    await view.user.click(cancel.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove hotspot user' })).not.toBeInTheDocument(),
    );
    expect(view.calls(REMOVE)).toHaveLength(0);

    await view.user.click(users.getByRole('button', { name: 'Remove staff' }));
    const confirm = await dialog('Remove hotspot user');
    expect(
      confirm.getByText('Remove staff from Guest hotspot? The device drops the user at once.'),
    ).toBeInTheDocument();
    await view.user.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(view.calls(REMOVE)).toHaveLength(1));
    expect(String(view.calls(REMOVE)[0]?.[0])).toContain('username=staff');
    expect(actionStatusOpened).toHaveBeenCalledWith(CHANNEL, {
      title: 'Remove hotspot user staff',
      itemLabels: { '11': 'Depot router' },
    });
    await waitFor(() => expect(view.calls(USERS)).toHaveLength(2));
  });

  it('only lists for users who cannot change devices', async () => {
    const view = renderDialog({}, roleUser('read_only', { company_id: 3 }));
    const users = await openUsers(view);
    await users.findByRole('table', { name: 'Users' });
    expect(users.queryByRole('button', { name: 'Remove staff' })).not.toBeInTheDocument();
    expect(users.queryByRole('form', { name: 'Add user' })).not.toBeInTheDocument();
    expect(users.getByText('You can see the users but not change them.')).toBeInTheDocument();
  });
});
