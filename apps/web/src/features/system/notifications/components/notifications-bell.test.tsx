import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadValidationMessages } from '@/lib/messages';
import { FakeSocket } from '@/test/fake-socket';
import { errorResponse, jsonResponse, mockApi, ok } from '@/test/mock-api';
import { listAnswer, notification, renderWithRealtime, USER_CHANNEL } from '../test-utils';
import { NotificationsBell } from './notifications-bell';

const LIST = 'GET /api/notifications';
const MARK = 'PUT /api/notifications';

function renderBell(socket?: FakeSocket) {
  const view = renderWithRealtime(<NotificationsBell viewAllPath="/notifications" />, '/', socket);
  return { ...view, user: userEvent.setup() };
}

const dropdown = () => screen.findByRole('dialog', { name: 'Notifications' });

describe('NotificationsBell', () => {
  it('shows the unseen count, reads again on open and marks all unseen as seen on close', async () => {
    const rows = [
      notification(1),
      notification(2, { type: 'creditCodeActivation' }),
      notification(3, { seen_at: '2025-01-01T00:00:00Z' }),
    ];
    const { calls } = mockApi({ [LIST]: () => listAnswer(rows, 5), [MARK]: () => ok(null) });
    const { user } = renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications, 5 unseen' });
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(calls(LIST)).toHaveLength(1);
    expect(calls(LIST)[0]?.[0]).toContain('limit=20');

    await user.click(bell);
    const list = within(await dropdown()).getByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Device alert: Notification 1',
      'Credit code activated: Notification 2',
      'Device alert: Notification 3',
    ]);
    expect(items[0]).toHaveTextContent('1 minute ago');
    await waitFor(() => expect(calls(LIST)).toHaveLength(2));
    expect(within(await dropdown()).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await user.click(bell);
    await waitFor(() => expect(calls(MARK)).toHaveLength(1));
    expect(JSON.parse(String(calls(MARK)[0]?.[1]?.body))).toEqual({ id: [1, 2] });
    // Two of the five unseen were marked.
    expect(
      await screen.findByRole('button', { name: 'Notifications, 3 unseen' }),
    ).toBeInTheDocument();
  });

  it('sends nothing on close when everything was seen, and hides the badge', async () => {
    const { calls } = mockApi({
      [LIST]: () => listAnswer([notification(1, { seen_at: '2025-01-01T00:00:00Z' })]),
    });
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    await dropdown();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(MARK)).toHaveLength(0);
  });

  it("says 'No notifications' when there are none", async () => {
    mockApi({ [LIST]: () => listAnswer([]) });
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await within(await dropdown()).findByText('No notifications')).toBeInTheDocument();
  });

  it("falls back to 'Failed to get notifications.' without a server message", async () => {
    let failures = 0;
    mockApi({
      [LIST]: () =>
        ++failures === 1
          ? errorResponse(500, 'INTERNAL', 'Database unavailable')
          : jsonResponse(502, 'Bad gateway'),
    });
    // An answer with error items loads the validation catalogue before it fails (lib/api-error.ts);
    // loaded here first, the first read has failed before the bell is opened, as in a warm console.
    await loadValidationMessages();
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(failures).toBe(1));
    await user.click(bell);
    // Opening reads again: the second answer has no error items.
    expect(
      await within(await dropdown()).findByText('Failed to get notifications.'),
    ).toBeInTheDocument();
  });

  it("shows the server's first message", async () => {
    mockApi({ [LIST]: () => errorResponse(500, 'INTERNAL', 'Database unavailable') });
    const { user } = renderBell();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await within(await dropdown()).findByText('Database unavailable')).toBeInTheDocument();
  });

  it('reads the list again once subscribed, catching what was created before that', async () => {
    let stored = [notification(1)];
    mockApi({ [LIST]: () => listAnswer(stored) });
    const socket = new FakeSocket();
    socket.answer = () => undefined;
    renderBell(socket);
    await screen.findByRole('button', { name: 'Notifications, 1 unseen' });
    await waitFor(() => expect(socket.pendingAcks).toHaveLength(1));
    // Created (and published to nobody) while the subscription was on its way.
    stored = [notification(2), ...stored];
    socket.pendingAcks[0]?.ack({ success: true });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unseen' }),
    ).toBeInTheDocument();
  });

  it("puts a live notification from the user's channel on top and counts it", async () => {
    let stored = [notification(1)];
    mockApi({ [LIST]: () => listAnswer(stored) });
    const { socket, user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unseen' });
    await waitFor(() => expect(socket.subscribes(USER_CHANNEL)).toHaveLength(1));

    const live = notification(9, {
      summary: 'ada@example.com registered',
      type: 'invitedUserRegistration',
      created_at: new Date().toISOString(),
    });
    stored = [live, ...stored];
    socket.serverEmit('WebNotificationCreated', { channel: USER_CHANNEL, notification: live });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unseen' });
    // The same event twice (two server instances) counts once.
    socket.serverEmit('WebNotificationCreated', { channel: USER_CHANNEL, notification: live });
    expect(bell).toHaveAccessibleName('Notifications, 2 unseen');

    await user.click(bell);
    const items = within(await dropdown()).getAllByRole('listitem');
    expect(items[0]).toHaveAccessibleName('Invited user registered: ada@example.com registered');
  });
});
