import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
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
  profile,
  renderWithSession,
  unprocessable,
} from '../test-utils';
import { VpnHubPage } from './vpn-hub-page';

const clients = [
  client(),
  client({
    id: 12,
    name: 'alice',
    type: 'custom_user',
    object_id: null,
    model: null,
    status: null,
    mode: 'static',
    static_ip: '10.8.0.9',
    ip: '10.8.0.9',
    connected: true,
    session: {
      real_address: '203.0.113.7:51234',
      virtual_address: '10.8.0.9',
      connected_since: '2026-02-03 11:00:00',
      bytes_received: 2048,
      bytes_sent: 3 * 1024 * 1024,
    },
  }),
];

function renderHub(
  tab: string,
  api: Record<string, MockHandler> = {},
  user: CurrentUser = roleUser('admin'),
) {
  return renderWithSession(<VpnHubPage />, {
    url: `/vpn/hubs/5/${tab}`,
    path: '/vpn/hubs/:id/:tab?',
    user,
    api: {
      'GET /api/vpn/hubs/5': () => ok(hub()),
      'GET /api/vpn/hubs/host': () => ok(host()),
      'GET /api/vpn/hubs/5/clients': () => listOk(clients),
      ...api,
    },
  });
}

let saved: { blob: Blob; filename: string }[] = [];

// jsdom has no object URLs: record the blob handed over and the name of the link clicked.
beforeEach(() => {
  saved = [];
  let blob: Blob | undefined;
  URL.createObjectURL = (value: Blob | MediaSource) => {
    blob = value as Blob;
    return 'blob:profile';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (blob) saved.push({ blob, filename: this.download });
  });
});

describe('VpnHubPage general tab', () => {
  it('shows the tunnel, its certificates and the state', async () => {
    renderHub('');
    const details = within(await screen.findByRole('table', { name: 'Details' }));
    expect(details.getByText('Running')).toBeInTheDocument();
    expect(details.getByText('1194')).toBeInTheDocument();
    expect(details.getByText('UDP')).toBeInTheDocument();
    expect(details.getByText('10.8.0.0 / 255.255.255.0')).toBeInTheDocument();
    const usage = within(screen.getByRole('table', { name: 'Clients and certificates' }));
    expect(usage.getByText('2 devices, 1 user')).toBeInTheDocument();
    expect(usage.getByText('2046-02-03 10:00:00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Office hub' })).toBeInTheDocument();
  });

  it('checks the subnet before sending and shows what the server refuses', async () => {
    const view = renderHub('', {
      'PUT /api/vpn/hubs/5/settings': () =>
        unprocessable([
          { message: 'The subnet overlaps the subnet of another hub on this zone', source: 'ip' },
        ]),
    });
    const address = await screen.findByRole('textbox', { name: /^Subnet address/ });
    await view.user.clear(address);
    await view.user.type(address, '10.8.0');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid IPv4 address')).toBeInTheDocument();
    expect(view.calls('PUT /api/vpn/hubs/5/settings')).toHaveLength(0);
    await view.user.clear(address);
    await view.user.type(address, '10.9.0.0');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The subnet overlaps the subnet of another hub on this zone'),
    ).toBeInTheDocument();
    expect(lastBody(view.calls, 'PUT /api/vpn/hubs/5/settings')).toEqual({
      ip: '10.9.0.0',
      netmask: '255.255.255.0',
    });
  });

  it('sends a quick hub found by search to its own page', async () => {
    const view = renderHub('clients', { 'GET /api/vpn/hubs/5': () => ok(hub({ quick_hub: 1 })) });
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/vpn/quick-connect/5/clients'),
    );
  });
});

describe('VpnHubPage clients tab', () => {
  it('lists the clients with their addressing and connection', async () => {
    renderHub('clients');
    const table = within(await screen.findByRole('table', { name: 'Clients' }));
    const device = within(
      (await table.findByRole('link', { name: 'RUT955 depot' })).closest('tr') as HTMLElement,
    );
    expect(device.getByText('Device')).toBeInTheDocument();
    expect(device.getByText('DHCP')).toBeInTheDocument();
    expect(device.getByText('Not connected')).toBeInTheDocument();
    const alice = within(table.getByText('alice').closest('tr') as HTMLElement);
    expect(alice.getByText('Custom user')).toBeInTheDocument();
    expect(alice.getByText('Fixed address')).toBeInTheDocument();
  });

  it("opens a connected client's session", async () => {
    const view = renderHub('clients');
    await view.user.click(await screen.findByRole('button', { name: 'Connect details: alice' }));
    const details = await dialog('Connection of alice');
    expect(details.getByText('203.0.113.7:51234')).toBeInTheDocument();
    expect(details.getByText('3 MB')).toBeInTheDocument();
    expect(details.getByText('2 KB')).toBeInTheDocument();
  });

  it('switches a client off', async () => {
    const view = renderHub('clients', {
      'POST /api/vpn/hubs/users/11/toggle': () => channelOk(client({ enabled: 0 })),
    });
    await view.user.click(await screen.findByRole('switch', { name: 'Enable RUT955 depot' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs/users/11/toggle')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/users/11/toggle')).toEqual({ enabled: false });
    expect(await screen.findByText('Client disabled')).toBeInTheDocument();
  });

  it("shows a user's profile as a QR code and downloads it as .ovpn", async () => {
    const view = renderHub('clients', {
      'GET /api/vpn/hubs/users/12/profile': () => ok(profile()),
    });
    const row = within((await screen.findByText('alice')).closest('tr') as HTMLElement);
    await view.user.click(row.getByRole('button', { name: 'Actions for alice' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Config' }));
    const config = await dialog('Client configuration');
    expect(
      await config.findByRole('img', { name: 'QR code of the profile of alice' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    await view.user.click(config.getByRole('button', { name: 'Download .ovpn' }));
    expect(saved[0]?.filename).toBe('office-hub-alice.ovpn');
    expect(await saved[0]?.blob.text()).toMatch(/^client\n/);
  });

  it('adds devices picked from the server search', async () => {
    const view = renderHub('clients', {
      'GET /api/devices': () =>
        listOk([
          { id: 42, name: 'RUT955 depot' },
          { id: 43, name: 'TRB140 kiosk' },
        ]),
      'POST /api/vpn/hubs/5/devices': () => channelOk([]),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Add clients' }));
    const form = await dialog('Add clients');
    await view.user.click(form.getByLabelText(/^Devices to add/, { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'TRB140 kiosk' }));
    await view.user.click(form.getByRole('button', { name: 'Add clients' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs/5/devices')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/5/devices')).toEqual({ device_id: [43] });
    expect(await screen.findByText('VPN hub clients added successfully')).toBeInTheDocument();
  });

  it('offers no changes without manage_vpn_hubs', async () => {
    renderHub('clients', {}, roleUser('readonly_admin'));
    expect(await screen.findByRole('switch', { name: 'Enable RUT955 depot' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add clients' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });
});
