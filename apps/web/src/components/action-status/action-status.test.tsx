import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusChannelData } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { api } from '@/lib/api-client';
import { openActionStatus } from '@/lib/action-status';
import { RealtimeProvider } from '@/lib/realtime';
import { FakeSocket } from '@/test/fake-socket';
import { errorResponse, jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { ActionStatusHost } from './action-status-host';

const CHANNEL = 'private-status.7.abcdefghijklmnop';
const STATUS = `GET /api/status/channel/${CHANNEL}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHost() {
  const socket = new FakeSocket();
  const connect = () => socket.asSocket();
  renderPage(
    <RealtimeProvider connect={connect}>
      <ActionStatusHost />
    </RealtimeProvider>,
    { path: '/' },
  );
  return { socket, user: userEvent.setup() };
}

describe('Action status dialog', () => {
  it('opens for a response with meta.channel and follows the channel live', async () => {
    let attempts = 0;
    const stored: StatusChannelData = {
      '12': [{ status: 'started', value: 'Queued' }],
    };
    const { calls } = mockApi({
      'POST /api/webhooks/1/test': () =>
        jsonResponse(200, { success: true, meta: { channel: CHANNEL } }),
      // Right after creation the channel may not be readable yet.
      [STATUS]: () => (++attempts === 1 ? errorResponse(404, 'CHANNEL_NOT_FOUND') : ok(stored)),
    });
    const { socket, user } = renderHost();
    await act(() =>
      api.post('/webhooks/1/test', {
        actionStatus: { title: 'Test delivery', itemLabels: { '12': 'RUT955' } },
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Test delivery' });
    const row = await within(dialog).findByRole('row', { name: /RUT955/ });
    expect(row).toHaveTextContent('Started');
    expect(row).toHaveTextContent('Queued');
    await waitFor(() => expect(socket.subscribes(CHANNEL)).toHaveLength(1));

    socket.serverEmit('StatusUpdated', {
      channel: CHANNEL,
      item: '12',
      update: { status: 'progress', value: 'Uploading', progress: { value: 3, total: 10 } },
    });
    expect(row).toHaveTextContent('In progress');
    expect(within(row).getByRole('progressbar', { name: '3 of 10' })).toBeInTheDocument();

    socket.serverEmit('StatusUpdated', {
      channel: CHANNEL,
      item: '13',
      update: { status: 'error', value: 'Device offline', errorcode: 'DEVICE_OFFLINE' },
    });
    socket.serverEmit('StatusUpdated', {
      channel: 'private-status.7.otherotherotherx',
      item: '12',
      update: { status: 'error', value: 'Not ours' },
    });
    socket.serverEmit('StatusUpdated', {
      channel: CHANNEL,
      item: '12',
      update: { status: 'completed', value: 'Done', link: 'javascript:alert(1)' },
    });
    expect(row).toHaveTextContent('Completed');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /#13/ })).toHaveTextContent('DEVICE_OFFLINE');
    expect(dialog).toHaveTextContent('2 of 2 finished');
    expect(dialog).not.toHaveTextContent('Not ours');
    expect(calls(STATUS).length).toBeGreaterThanOrEqual(2);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(socket.unsubscribes(CHANNEL)).toHaveLength(1);
  });

  it('leaves requests without the opt-in alone', async () => {
    mockApi({
      'POST /api/things': () => jsonResponse(200, { success: true, meta: { channel: CHANNEL } }),
    });
    renderHost();
    await act(() => api.post('/things'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the channel has expired', async () => {
    mockApi({ [STATUS]: () => errorResponse(404, 'CHANNEL_NOT_FOUND', 'Channel not found') });
    renderHost();
    act(() => void openActionStatus(CHANNEL));
    const dialog = await screen.findByRole('dialog', { name: 'Action status' });
    expect(
      await within(dialog).findByText(
        'The status of this action is no longer available.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });

  it('minimizes to a button and restores', async () => {
    mockApi({
      [STATUS]: () => ok({ '1': [{ status: 'completed', value: 'ok', link: 'https://x.test/a' }] }),
    });
    const { user } = renderHost();
    act(() => void openActionStatus(CHANNEL, { title: 'Reboot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot' });
    expect(await within(dialog).findByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://x.test/a',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Minimize' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Show Reboot' }));
    expect(await screen.findByRole('dialog', { name: 'Reboot' })).toBeInTheDocument();
  });

  it('minimizes into the same bottom-left row as minimized dialogs, beside their chips', async () => {
    mockApi({ [STATUS]: () => ok({ '1': [{ status: 'started', value: 'Queued' }] }) });
    // renderPage has the dialog host too.
    const { user } = renderHost();
    act(() => {
      dialogs.open({ id: 'tag', title: 'Edit tag', content: 'tag form' });
      dialogs.minimize('tag');
    });
    act(() => void openActionStatus(CHANNEL, { title: 'Reboot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot' });
    await user.click(within(dialog).getByRole('button', { name: 'Minimize' }));

    const windows = screen.getByRole('toolbar', { name: 'Minimized windows' });
    const statuses = await screen.findByRole('toolbar', { name: 'Minimized action status' });
    expect(statuses.parentElement).toBe(windows.parentElement);
    expect(statuses.parentElement).toHaveStyle({ position: 'fixed', left: '16px', bottom: '16px' });
  });
});
