import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import {
  connectSession,
  errorResponse,
  FakeTerminal,
  FakeWebSocket,
  ok,
  renderConnectPage,
} from '../test-utils';
import { SshConnectPage } from './ssh-connect-page';

// jsdom lays nothing out: xterm.js is replaced by a terminal that records what it is told.
vi.mock('@xterm/xterm', async () => ({ Terminal: (await import('../test-fakes')).FakeTerminal }));
vi.mock('@xterm/addon-fit', async () => ({
  FitAddon: (await import('../test-fakes')).FakeFitAddon,
}));

const SESSION = 'GET /api/devices/connect/sessions/5';
const SAVED = 'GET /api/devices/42/connect/credentials';

function renderSsh(saved = () => errorResponse(404, 'NOT_FOUND')) {
  return renderConnectPage(<SshConnectPage />, '/rms-connect/ssh?session=5', {
    [SESSION]: () => ok(connectSession()),
    [SAVED]: saved,
  });
}

const passwordInput = () =>
  screen.getByLabelText(/^Password/, { selector: 'input[type=password]' });

describe('SshConnectPage', () => {
  it('validates the credentials, then starts the terminal with them and the remember flag', async () => {
    const { user } = renderSsh();
    expect(await screen.findByRole('heading', { name: 'SSH login' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Depot router' })).toBeInTheDocument();
    expect(screen.getByText('SSH 192.168.1.1:22')).toBeInTheDocument();
    const username = screen.getByLabelText(/^User name/);
    expect(username).toHaveValue('root');

    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('User name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);

    await user.type(username, 'admin');
    await user.type(passwordInput(), 's3cret');
    await user.click(screen.getByLabelText(/^Remember on this browser's account/));
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByTestId('terminal')).toBeInTheDocument();
    const socket = FakeWebSocket.last();
    expect(socket.url).toBe(`ws://${window.location.host}/api/connect/sessions/5/terminal`);
    expect(socket.binaryType).toBe('arraybuffer');
    socket.open();
    expect(socket.messages).toEqual([
      { type: 'start', cols: 80, rows: 24, username: 'admin', password: 's3cret', remember: true },
    ]);

    socket.receive({ type: 'ready' });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    const terminal = FakeTerminal.last();
    expect(terminal.focused).toBe(true);
    socket.receive(new Uint8Array([104, 105]).buffer);
    expect(terminal.written).toContainEqual(new Uint8Array([104, 105]));
    terminal.type('ls\r');
    expect(socket.sent.at(-1)).toEqual(new TextEncoder().encode('ls\r'));
  });

  it('asks for the private key when that method is chosen', async () => {
    const { user } = renderSsh();
    await user.click(await screen.findByRole('radio', { name: 'Private key' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Private key is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Private key/, { selector: 'textarea' }), 'KEY');
    await user.type(screen.getByLabelText(/^Passphrase/), 'pass');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByTestId('terminal');
    FakeWebSocket.last().open();
    expect(FakeWebSocket.last().messages[0]).toEqual({
      type: 'start',
      cols: 80,
      rows: 24,
      username: 'root',
      private_key: 'KEY',
      passphrase: 'pass',
      remember: false,
    });
  });

  it('shows a refused login above the form, with everything typed still there', async () => {
    const { user } = renderSsh();
    await user.type(
      await screen.findByLabelText(/^Password/, { selector: 'input[type=password]' }),
      'wrong',
    );
    await user.click(screen.getByLabelText(/^Remember on this browser's account/));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByTestId('terminal');
    const socket = FakeWebSocket.last();
    socket.open();
    socket.receive({
      type: 'error',
      code: 'AUTH_FAILED',
      message: REMOTE_ACCESS_MESSAGES.authFailed,
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_ACCESS_MESSAGES.authFailed);
    expect(screen.queryByTestId('terminal')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^User name/)).toHaveValue('root');
    expect(passwordInput()).toHaveValue('wrong');
    expect(screen.getByLabelText(/^Remember on this browser's account/)).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByTestId('terminal');
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('connects straight away with the saved credential, and offers it again after a failure', async () => {
    const { user } = renderSsh(() => ok({ device_id: 42, username: 'admin', auth: 'password' }));
    await screen.findByTestId('terminal');
    const socket = FakeWebSocket.last();
    socket.open();
    expect(socket.messages[0]).toEqual({
      type: 'start',
      cols: 80,
      rows: 24,
      username: 'admin',
      use_saved: true,
    });

    socket.receive({
      type: 'error',
      code: 'AUTH_FAILED',
      message: REMOTE_ACCESS_MESSAGES.authFailed,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_ACCESS_MESSAGES.authFailed);
    expect(screen.getByLabelText(/^User name/)).toHaveValue('admin');
    await user.click(screen.getByRole('button', { name: 'Use saved credentials (admin)' }));
    await screen.findByTestId('terminal');
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('shows why the shell closed in the terminal, and reconnects', async () => {
    const { user } = renderSsh(() => ok({ device_id: 42, username: 'admin', auth: 'password' }));
    await screen.findByTestId('terminal');
    const socket = FakeWebSocket.last();
    socket.open();
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'closed', reason: 'Connection closed by the device' });

    expect(await screen.findByRole('status')).toHaveTextContent('Connection closed by the device');
    expect(FakeTerminal.last().written).toContain(
      '\r\n\x1b[2mConnection closed by the device\x1b[0m\r\n',
    );
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
  });
});
