import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, Device } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { errorResponse, jsonResponse, ok } from '@/test/mock-api';
import { dialog, listOk, renderWithSession, rule } from '../test-utils';
import { DeviceRemoteAccessPanel } from './device-remote-access-panel';

// The panel reads only the device's id and name.
const depot = { id: 42, name: 'Depot router' } as Device;

const link = (linkId: number, url: string) => ({
  link_id: linkId,
  url,
  ttl: 600,
  active: 1,
  created_at: '2026-02-03 10:00:00',
});

function renderPanel(user: CurrentUser = roleUser('admin')) {
  return renderWithSession(<DeviceRemoteAccessPanel device={depot} />, {
    url: '/devices/42/ports-and-access',
    path: '/devices/:id/:tab',
    user,
    api: {
      'GET /api/devices/remote-access': () => listOk([rule()]),
      'GET /api/devices/42/links': (_init, url) =>
        url.includes('type=webui')
          ? listOk([link(77, 'https://s77.proxy.example/')])
          : listOk([link(78, '/rms-connect/ssh?session=78')]),
      'POST /api/devices/connect/sessions/77/launch': () =>
        ok({ url: 'https://s77.proxy.example/launch?code=fresh' }),
      'DELETE /api/devices/connect/sessions/78': () => ok(),
      'GET /api/devices/42/connect-auto-scan/': () =>
        jsonResponse(200, {
          success: true,
          meta: { channel: 'private-status.1.abcdefghijklmnop' },
        }),
      'GET /api/devices/42/port-scan/': () =>
        errorResponse(409, 'DEVICE_OFFLINE', 'The device is offline: it cannot open a tunnel now'),
    },
  });
}

const linkRow = (type: string) =>
  within(
    within(screen.getByRole('table', { name: 'Your active links' }))
      .getByText(type)
      .closest('tr') as HTMLElement,
  );

describe('DeviceRemoteAccessPanel', () => {
  it('lists the device’s rules and adds new ones to this device', async () => {
    const view = renderPanel();
    const rules = within(await screen.findByRole('table', { name: 'Remote access' }));
    expect(await rules.findByText('Router web UI')).toBeInTheDocument();
    const asked = new URL(String(view.calls('GET /api/devices/remote-access')[0]?.[0]), 'http://x');
    expect(asked.searchParams.get('device_id')).toBe('42');
    // The device is the page's: no device column.
    expect(rules.queryByRole('columnheader', { name: 'Device' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Add remote access' }));
    const form = await dialog('Add remote access');
    expect(form.getByRole('combobox', { name: /^Device/ })).toHaveValue('Depot router');
    expect(form.getByRole('combobox', { name: /^Device/ })).toBeDisabled();
  });

  it('reopens the user’s links (web UI through a launch URL) and ends them', async () => {
    const open = vi.fn(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal('open', open);
    const view = renderPanel();
    await screen.findByRole('table', { name: 'Your active links' });
    expect(linkRow('Web UI').getByText('10m')).toBeInTheDocument();
    await view.user.click(linkRow('CLI').getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenLastCalledWith('/rms-connect/ssh?session=78', '_blank');
    await view.user.click(linkRow('Web UI').getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(open).toHaveBeenLastCalledWith(
        'https://s77.proxy.example/launch?code=fresh',
        '_blank',
      ),
    );
    await view.user.click(linkRow('CLI').getByRole('button', { name: 'End' }));
    await view.user.click((await dialog('End session')).getByRole('button', { name: 'End' }));
    await waitFor(() =>
      expect(view.calls('DELETE /api/devices/connect/sessions/78')).toHaveLength(1),
    );
  });

  it('shows the rules only to users who cannot manage remote access', async () => {
    const view = renderPanel(roleUser('readonly_admin'));
    expect(await screen.findByText('Router web UI')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Web UI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Your active links' })).not.toBeInTheDocument();
    expect(view.calls('GET /api/devices/42/links')).toHaveLength(0);
  });

  it('scans the device’s ports and LAN hosts, and says why a scan cannot start', async () => {
    const view = renderPanel();
    await view.user.click(await screen.findByRole('button', { name: 'Scan' }));
    await view.user.click(
      await screen.findByRole('menuitem', { name: 'Open ports of the device' }),
    );
    await waitFor(() =>
      expect(view.calls('GET /api/devices/42/connect-auto-scan/')).toHaveLength(1),
    );
    await view.user.click(screen.getByRole('button', { name: 'Scan' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Hosts on its LAN' }));
    await waitFor(() => expect(view.calls('GET /api/devices/42/port-scan/')).toHaveLength(1));
    expect(String(view.calls('GET /api/devices/42/port-scan/')[0]?.[0])).toContain('type=ethernet');
    expect(
      await screen.findByText('The device is offline: it cannot open a tunnel now'),
    ).toBeInTheDocument();
  });
});
