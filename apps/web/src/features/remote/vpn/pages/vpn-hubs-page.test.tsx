import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { ok, type MockHandler } from '@/test/mock-api';
import {
  currentLocation,
  dialog,
  hub,
  host,
  lastBody,
  listOk,
  renderWithSession,
} from '../test-utils';
import { VpnHubsPage } from './vpn-hubs-page';

const rows = [
  hub(),
  hub({
    id: 6,
    name: 'Lab hub',
    vpn_type: 'tap',
    status: { state: 'failed', error: 'Port 1195 is taken by another program' },
  }),
];

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderHubs(api: Record<string, MockHandler> = {}, user: CurrentUser = roleUser('admin')) {
  return renderWithSession(<VpnHubsPage />, {
    url: '/vpn/hubs',
    path: '/vpn/hubs',
    user,
    api: {
      'GET /api/vpn/hubs': () => listOk(rows),
      'GET /api/vpn/hubs/host': () => ok(host()),
      ...api,
    },
  });
}

const table = async () => within(await screen.findByRole('table', { name: 'VPN hubs' }));
const rowOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

describe('VpnHubsPage', () => {
  it('lists ordinary hubs with their state, type, clients and data, newest first', async () => {
    const view = renderHubs();
    await (await table()).findByText('Lab hub');
    const office = rowOf('Office hub');
    expect(office.getByText('Running')).toBeInTheDocument();
    expect(office.getByText('TUN')).toBeInTheDocument();
    expect(office.getByText('2 devices, 1 user')).toBeInTheDocument();
    expect(office.getByText('5 MB')).toBeInTheDocument();
    expect(office.getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    // Why a hub failed is there on hover and for screen readers.
    expect(rowOf('Lab hub').getByText('Failed').closest('[aria-description]')).toHaveAttribute(
      'aria-description',
      'Port 1195 is taken by another program',
    );
    expect(queryOf(view.calls('GET /api/vpn/hubs').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
      quick_hub: '0',
    });
    // Nothing to say about a host that runs hubs.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the host cannot run OpenVPN and what fixes it, and keeps working', async () => {
    renderHubs({
      'GET /api/vpn/hubs/host': () =>
        ok(
          host({
            available: false,
            version: null,
            reason: 'OpenVPN is not installed on the netfleet host.',
            fix: 'Install OpenVPN: apt-get install openvpn',
          }),
        ),
    });
    expect(await screen.findByText('VPN hubs cannot run on this server yet')).toBeInTheDocument();
    expect(screen.getByText('OpenVPN is not installed on the netfleet host.')).toBeInTheDocument();
    expect(screen.getByText('Install OpenVPN: apt-get install openvpn')).toBeInTheDocument();
    await (await table()).findByText('Lab hub');
    expect(screen.getByRole('button', { name: 'Add hub' })).toBeEnabled();
  });

  it('opens a hub from its row', async () => {
    const view = renderHubs();
    await (await table()).findByText('Lab hub');
    await view.user.click(rowOf('Lab hub').getByText('TAP'));
    expect(currentLocation()).toBe('/vpn/hubs/6');
  });

  it('says when there is no hub yet and offers to add one', async () => {
    const view = renderHubs({ 'GET /api/vpn/hubs': () => listOk([]) });
    expect(await screen.findByText('No VPN hubs yet')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add hub' });
    expect(buttons).toHaveLength(2);
    await view.user.click(buttons[1] as HTMLElement);
    expect(await dialog('Add VPN hub')).toBeTruthy();
  });

  it('offers no changes without manage_vpn_hubs', async () => {
    const view = renderHubs({}, roleUser('readonly_admin'));
    await (await table()).findByText('Lab hub');
    expect(screen.queryByRole('button', { name: 'Add hub' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await view.user.click(rowOf('Lab hub').getByRole('button', { name: 'Actions for Lab hub' }));
    expect(await screen.findByRole('menuitem', { name: 'Open' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes the ticked hubs after a confirm that names them', async () => {
    const view = renderHubs({ 'DELETE /api/vpn/hubs': () => ok() });
    const hubsTable = await table();
    await hubsTable.findByText('Lab hub');
    for (const checkbox of hubsTable.getAllByRole('checkbox').slice(1)) {
      await view.user.click(checkbox);
    }
    const selection = within(screen.getByRole('region', { name: 'Selected rows' }));
    await view.user.click(selection.getByRole('button', { name: 'Delete' }));
    const confirm = await dialog('Delete VPN hubs');
    expect(confirm.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Office hub',
      'Lab hub',
    ]);
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.calls('DELETE /api/vpn/hubs')).toHaveLength(1));
    expect(lastBody(view.calls, 'DELETE /api/vpn/hubs')).toEqual({ id: [5, 6] });
    expect(await screen.findByText('VPN hubs removed successfully')).toBeInTheDocument();
  });

  it('disables a hub for a while from its row menu', async () => {
    const view = renderHubs({
      'PUT /api/vpn/hubs/5/toggle': () => ok(hub({ enabled: 0 })),
    });
    await (await table()).findByText('Lab hub');
    await view.user.click(rowOf('Office hub').getByRole('button', { name: /^Actions for/ }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const form = await dialog('Disable Office hub');
    await view.user.click(form.getByRole('combobox', { name: 'Keep it disabled for' }));
    await view.user.click(await screen.findByRole('option', { name: '1 day' }));
    await view.user.click(form.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(view.calls('PUT /api/vpn/hubs/5/toggle')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/vpn/hubs/5/toggle')).toEqual({
      enabled: false,
      duration: 86_400,
    });
    expect(await screen.findByText('VPN hub disabled')).toBeInTheDocument();
  });
});
