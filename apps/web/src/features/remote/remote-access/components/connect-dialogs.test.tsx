import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { dialog, lastBody, renderWithSession, session } from '../test-utils';
import { cliDialog, webUiDialog } from './connect-dialogs';

const depot = { id: 42, name: 'Depot router' };

function renderWith(api: Record<string, MockHandler>) {
  return renderWithSession(<p>Device page</p>, {
    url: '/devices/42',
    path: '/devices/:id',
    user: roleUser('admin'),
    api,
  });
}

const answer = (data: unknown) => () =>
  jsonResponse(201, { success: true, meta: { channel: 'c' }, data });

describe('device actions web UI and CLI', () => {
  it('opens the CLI over Telnet on its console page, without a launch', async () => {
    const open = vi.fn(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal('open', open);
    const url = '/rms-connect/telnet?session=78';
    const view = renderWith({
      'POST /api/devices/42/connect/cli': answer(
        session({ id: 78, type: 'telnet', protocol: 'telnet', url }),
      ),
    });
    dialogs.open(cliDialog(depot));
    const cli = await dialog('CLI');
    expect(cli.getByText('Depot router')).toBeInTheDocument();
    await view.user.click(cli.getByRole('radio', { name: 'Telnet' }));
    await view.user.click(cli.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank'));
    expect(lastBody(view.calls, 'POST /api/devices/42/connect/cli')).toEqual({
      duration: 3600,
      protocol: 'telnet',
    });
  });

  it('shows why an offline device cannot be reached and stays open', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const view = renderWith({
      'POST /api/devices/42/connect/webui': () =>
        jsonResponse(409, {
          success: false,
          errors: [
            {
              code: 'DEVICE_OFFLINE',
              message: 'The device is offline: it cannot open a tunnel now',
              source: null,
            },
          ],
        }),
    });
    dialogs.open(webUiDialog(depot));
    const webUi = await dialog('Web UI');
    await view.user.click(webUi.getByRole('button', { name: 'Open' }));
    expect(await webUi.findByRole('alert')).toHaveTextContent(
      'The device is offline: it cannot open a tunnel now',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('offers a link when the browser blocks the new tab', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const view = renderWith({
      'POST /api/devices/42/connect/webui': answer(session({ type: 'webui' })),
      'POST /api/devices/connect/sessions/77/launch': answer({
        url: 'https://s77.proxy.example/launch?code=fresh',
      }),
    });
    dialogs.open(webUiDialog(depot));
    await view.user.click((await dialog('Web UI')).getByRole('button', { name: 'Open' }));
    const toast = (await screen.findByText(/The browser blocked the new tab/)).closest('div');
    expect(
      within(toast as HTMLElement).getByRole('link', { name: 'open the session' }),
    ).toHaveAttribute('href', 'https://s77.proxy.example/launch?code=fresh');
  });
});
