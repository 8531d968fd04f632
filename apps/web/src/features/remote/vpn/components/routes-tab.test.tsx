import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { ok, type MockHandler } from '@/test/mock-api';
import {
  channelOk,
  client,
  dialog,
  host,
  hub,
  lastBody,
  listOk,
  renderWithSession,
  unprocessable,
} from '../test-utils';
import { VpnHubPage } from '../pages/vpn-hub-page';

const route = {
  id: 3,
  name: 'Depot LAN',
  hub_id: 5,
  ip: '192.168.1.0',
  netmask: '255.255.255.0',
  via: 11,
  via_name: 'RUT955 depot',
  state: 'inactive' as const,
  created_at: '2026-02-03 10:00:00',
};

function renderTab(tab: string, api: Record<string, MockHandler>) {
  return renderWithSession(<VpnHubPage />, {
    url: `/vpn/hubs/5/${tab}`,
    path: '/vpn/hubs/:id/:tab?',
    user: roleUser('admin'),
    api: {
      'GET /api/vpn/hubs/5': () => ok(hub()),
      'GET /api/vpn/hubs/host': () => ok(host()),
      'GET /api/vpn/hubs/5/clients': () => listOk([client()]),
      ...api,
    },
  });
}

describe('RoutesTab', () => {
  it('adds LANs through a device client, one request each, showing a refused one on its row', async () => {
    let calls = 0;
    const view = renderTab('routes', {
      'GET /api/vpn/hubs/routes': () => listOk([route]),
      'POST /api/vpn/hubs/routes': () => {
        calls += 1;
        return calls === 2
          ? unprocessable([
              { message: 'The route overlaps another route of this hub', source: 'ip_address' },
            ])
          : channelOk([route]);
      },
    });
    expect(await screen.findByText('Depot LAN')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Add routes' }));
    const form = await dialog('Add routes');
    await view.user.click(form.getByRole('combobox', { name: /^Through device/ }));
    await view.user.click(await screen.findByRole('option', { name: 'RUT955 depot' }));
    await view.user.type(form.getByRole('textbox', { name: /^Network/ }), '192.168.2.0');
    await view.user.click(form.getByRole('button', { name: 'Add row' }));
    const networks = form.getAllByRole('textbox', { name: /^Network/ });
    await view.user.type(networks[1] as HTMLElement, '192.168.1.0');
    await view.user.click(form.getByRole('button', { name: 'Add routes' }));
    expect(await form.findByText('The route overlaps another route of this hub')).toBeVisible();
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/routes')).toEqual({
      vpn_hub_id: 5,
      vpn_hub_user_id: 11,
      ip_address: '192.168.1.0',
      netmask: '255.255.255.0',
      name: '',
    });
    // The added row left the form: only the refused one is sent again, its network marked.
    const left = form.getAllByRole('textbox', { name: /^Network/ });
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveValue('192.168.1.0');
    expect(left[0]).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes a route after a confirm', async () => {
    const view = renderTab('routes', {
      'GET /api/vpn/hubs/routes': () => listOk([route]),
      'DELETE /api/vpn/hubs/routes/3': () => channelOk(null),
    });
    await view.user.click(
      await screen.findByRole('button', { name: 'Remove 192.168.1.0/255.255.255.0' }),
    );
    const confirm = await dialog('Remove route');
    await view.user.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(view.calls('DELETE /api/vpn/hubs/routes/3')).toHaveLength(1));
    expect(await screen.findByText('Route removed successfully')).toBeInTheDocument();
  });
});

describe('ConfigurationTab', () => {
  it('adds a name server and switches LAN forwarding of a device', async () => {
    const view = renderTab('configuration', {
      'GET /api/vpn/hubs/5/dhcp': () => channelOk([]),
      'POST /api/vpn/hubs/5/dhcp': () => channelOk([]),
      'POST /api/vpn/hubs/5/devices/42/rules': () => channelOk([]),
    });
    expect(await screen.findByText('No DHCP options')).toBeInTheDocument();
    await view.user.type(screen.getByRole('textbox', { name: /^Server address/ }), '1.1.1.1');
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs/5/dhcp')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/5/dhcp')).toEqual({
      type: 'DNS',
      ip_address: '1.1.1.1',
    });
    const rules = within(await screen.findByRole('table', { name: 'Device forwarding' }));
    const lan = rules.getByRole('switch', { name: 'Forward RUT955 depot to LAN' });
    expect(lan).toBeChecked();
    await view.user.click(lan);
    await waitFor(() =>
      expect(view.calls('POST /api/vpn/hubs/5/devices/42/rules')).toHaveLength(1),
    );
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/5/devices/42/rules')).toEqual({
      network: 'lan',
      status: false,
    });
  });
});
