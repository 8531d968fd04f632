import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userChannel } from '@netfleet/contracts';
import { disconnectRealtime, RealtimeProvider } from '@/lib/realtime';
import { FakeSocket } from '@/test/fake-socket';
import { roleUser } from '@/test/fixtures';
import { automationLog, listOk, renderWithSession } from '../test-utils';
import { LogsTab } from './logs-tab';

const LOGS = 'GET /api/automations/12/logs';

afterEach(() => {
  disconnectRealtime();
});

describe('LogsTab', { timeout: 30_000 }, () => {
  it('reloads the evaluations when a device alert notification arrives', async () => {
    const socket = new FakeSocket();
    const user = roleUser('admin');
    let logs = [automationLog()];
    const view = renderWithSession(
      <RealtimeProvider connect={() => socket.asSocket()}>
        <LogsTab automationId={12} />
      </RealtimeProvider>,
      {
        url: '/logs',
        path: '/logs',
        user,
        api: { [LOGS]: () => listOk(logs) },
      },
    );
    const table = within(await screen.findByRole('table', { name: 'Evaluations' }));
    expect(await table.findByText('signal: -118 dBm')).toBeInTheDocument();
    await waitFor(() => expect(socket.subscribes(userChannel(user.id))).toHaveLength(1));

    logs = [
      automationLog({
        evaluation_id: 'ev-2',
        evaluated_parameters: [{ key: 'signal', value: -121 }],
      }),
      ...logs,
    ];
    const before = view.calls(LOGS).length;
    socket.serverEmit('WebNotificationCreated', {
      channel: userChannel(user.id),
      notification: {
        id: 9,
        created_at: '2026-11-29T10:16:00Z',
        seen_at: null,
        summary: 'Weak signal on Depot router',
        type: 'deviceAlert',
      },
    });
    expect(await table.findByText('signal: -121 dBm')).toBeInTheDocument();
    expect(view.calls(LOGS).length).toBeGreaterThan(before);
  });
});
