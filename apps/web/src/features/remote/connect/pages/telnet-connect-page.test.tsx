import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectSession, errorResponse, FakeWebSocket, ok, renderConnectPage } from '../test-utils';
import { TelnetConnectPage } from './telnet-connect-page';

vi.mock('@xterm/xterm', async () => ({ Terminal: (await import('../test-fakes')).FakeTerminal }));
vi.mock('@xterm/addon-fit', async () => ({
  FitAddon: (await import('../test-fakes')).FakeFitAddon,
}));

const SESSION = 'GET /api/devices/connect/sessions/5';
const telnet = connectSession({ type: 'telnet', protocol: 'telnet', destination_port: 23 });

function renderTelnet(session = () => ok(telnet), url = '/rms-connect/telnet?session=5') {
  return renderConnectPage(<TelnetConnectPage />, url, {
    [SESSION]: session,
    'DELETE /api/devices/connect/sessions/5': () => ok(null),
  });
}

describe('TelnetConnectPage', () => {
  it('opens the terminal without a form: the device asks in it', async () => {
    renderTelnet();
    expect(await screen.findByTestId('terminal')).toBeInTheDocument();
    expect(screen.getByText('TELNET 192.168.1.1:23')).toBeInTheDocument();
    expect(screen.getByText('Time left 5:00')).toBeInTheDocument();
    FakeWebSocket.last().open();
    expect(FakeWebSocket.last().messages).toEqual([{ type: 'start', cols: 80, rows: 24 }]);
  });

  it('disconnects: ends the session, closes the connection and says so', async () => {
    const { user, calls } = renderTelnet();
    await screen.findByTestId('terminal');
    const socket = FakeWebSocket.last();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('heading', { name: 'Disconnected' })).toBeInTheDocument();
    expect(calls('DELETE /api/devices/connect/sessions/5')).toHaveLength(1);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it.each([
    ['an unknown session', () => errorResponse(404, 'NOT_FOUND'), 'Session not found or not yours'],
    [
      'another user’s session',
      () => errorResponse(403, 'FORBIDDEN'),
      'Session not found or not yours',
    ],
    ['an expired link', () => ok({ ...telnet, active: false, ttl: 0 }), 'This link has expired'],
    ['a closed link', () => ok({ ...telnet, active: false, ttl: 120 }), 'This link was closed'],
  ])('shows a full-page message for %s', async (_, answer, message) => {
    renderTelnet(answer);
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.queryByTestId('terminal')).not.toBeInTheDocument();
  });

  it('needs a session in the link', async () => {
    renderTelnet(undefined, '/rms-connect/telnet');
    expect(
      await screen.findByRole('heading', { name: 'Session not found or not yours' }),
    ).toBeInTheDocument();
  });
});
