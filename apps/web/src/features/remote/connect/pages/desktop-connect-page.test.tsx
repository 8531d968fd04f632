import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession, FakeWebSocket, ok, renderConnectPage } from '../test-utils';
import { FakeRfb } from '../test-fakes';
import { DesktopConnectPage } from './desktop-connect-page';

// jsdom draws no canvas: noVNC is replaced by a client the test drives.
vi.mock('@novnc/novnc', async () => ({ default: (await import('../test-fakes')).FakeRfb }));

beforeEach(() => {
  FakeRfb.instances = [];
});

async function renderDesktop() {
  const view = renderConnectPage(<DesktopConnectPage />, '/rms-connect/desktop?session=5', {
    'GET /api/devices/connect/sessions/5': () =>
      ok(connectSession({ type: 'vnc', protocol: 'vnc', destination_port: 5900 })),
  });
  await screen.findByTestId('vnc-screen');
  await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
  return view;
}

describe('DesktopConnectPage', () => {
  it('connects noVNC to the relay, scaled, asking for the VNC password', async () => {
    const { user } = await renderDesktop();
    const rfb = FakeRfb.last();
    expect(rfb.target).toBe(screen.getByTestId('vnc-screen'));
    expect(rfb.channel.url).toBe(`ws://${window.location.host}/api/connect/sessions/5/vnc`);
    expect(rfb.scaleViewport).toBe(true);
    expect(screen.getByRole('button', { name: 'Ctrl+Alt+Del' })).toBeDisabled();

    rfb.fire('credentialsrequired', { types: ['password'] });
    await user.type(await screen.findByLabelText(/^VNC password/), 'vnc-pw');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(rfb.sendCredentials).toHaveBeenCalledWith({ password: 'vnc-pw' });

    rfb.fire('connect');
    expect(await screen.findByRole('status')).toHaveTextContent('Connected');
    await user.click(screen.getByRole('button', { name: 'Ctrl+Alt+Del' }));
    expect(rfb.sendCtrlAltDel).toHaveBeenCalled();
  });

  it('says why the connection was lost and reconnects', async () => {
    const { user } = await renderDesktop();
    const rfb = FakeRfb.last();
    rfb.fire('connect');
    rfb.channel.serverClose('The tunnel to the device closed');
    rfb.fire('disconnect', { clean: false });
    expect(await screen.findByRole('status')).toHaveTextContent('The tunnel to the device closed');

    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(2));
    expect(rfb.disconnect).toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('tells a refused password from a clean disconnect', async () => {
    const { user } = await renderDesktop();
    FakeRfb.last().fire('securityfailure', { status: 1, reason: 'Authentication failed' });
    FakeRfb.last().fire('disconnect', { clean: false });
    expect(await screen.findByRole('status')).toHaveTextContent('The desktop refused the password');
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(2));
    FakeRfb.last().fire('connect');
    FakeRfb.last().fire('disconnect', { clean: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Disconnected');
  });
});
