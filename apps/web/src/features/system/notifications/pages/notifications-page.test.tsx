import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, mockApi, ok } from '@/test/mock-api';
import { listAnswer, notification, renderWithRealtime, USER_CHANNEL } from '../test-utils';
import { NotificationsPage } from './notifications-page';

const LIST = 'GET /api/notifications';
const MARK = 'PUT /api/notifications';

function renderNotificationsPage(path = '/notifications') {
  const view = renderWithRealtime(<NotificationsPage />, path);
  return { ...view, user: userEvent.setup() };
}

describe('NotificationsPage', () => {
  it('lists notifications with type, summary and state, and marks them as seen', async () => {
    let rows = [
      notification(1, { type: 'creditAmountTooLow', summary: 'Credits are running low' }),
      notification(2),
      notification(3, { seen_at: '2025-01-02T00:00:00Z' }),
    ];
    const { calls } = mockApi({
      [LIST]: () => listAnswer(rows),
      [MARK]: (init) => {
        const { id } = JSON.parse(String(init?.body)) as { id: number[] };
        const seenAt = new Date().toISOString();
        rows = rows.map((row) => (id.includes(row.id) ? { ...row, seen_at: seenAt } : row));
        return ok(null);
      },
    });
    const { user } = renderNotificationsPage('/notifications?offset=0&limit=50');

    const table = await screen.findByRole('table', { name: 'Notifications' });
    const first = await within(table).findByRole('row', { name: /Credits are running low/ });
    expect(first).toHaveTextContent('Credit amount too low');
    expect(first).toHaveTextContent('New');
    expect(within(table).getByRole('row', { name: /Notification 3/ })).toHaveTextContent('Seen');
    expect(calls(LIST)[0]?.[0]).toContain('limit=50');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(
      within(first).getByRole('button', { name: 'Mark "Credits are running low" as seen' }),
    );
    await waitFor(() => expect(calls(MARK)).toHaveLength(1));
    expect(JSON.parse(String(calls(MARK)[0]?.[1]?.body))).toEqual({ id: [1] });
    await waitFor(() => expect(first).toHaveTextContent('Seen'));

    await user.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    await waitFor(() => expect(calls(MARK)).toHaveLength(2));
    expect(JSON.parse(String(calls(MARK)[1]?.[1]?.body))).toEqual({ id: [2] });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as seen' })).toBeDisabled(),
    );
  });

  it("says 'No notifications' when there are none", async () => {
    mockApi({ [LIST]: () => listAnswer([]) });
    renderNotificationsPage();
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    mockApi({ [LIST]: () => errorResponse(403, 'FORBIDDEN', 'Not yours') });
    renderNotificationsPage();
    expect(await screen.findByText('Not yours')).toBeInTheDocument();
  });

  it('reloads when a notification arrives live', async () => {
    let rows = [notification(1)];
    const { calls } = mockApi({ [LIST]: () => listAnswer(rows) });
    const { socket } = renderNotificationsPage();
    await screen.findByRole('row', { name: /Notification 1/ });
    await waitFor(() => expect(socket.subscribes(USER_CHANNEL)).toHaveLength(1));
    const live = notification(8, { summary: 'Brand new' });
    rows = [live, ...rows];
    socket.serverEmit('WebNotificationCreated', { channel: USER_CHANNEL, notification: live });
    expect(await screen.findByRole('row', { name: /Brand new/ })).toBeInTheDocument();
    expect(calls(LIST)).toHaveLength(2);
  });
});
