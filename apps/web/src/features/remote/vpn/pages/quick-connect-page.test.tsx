import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import {
  channelOk,
  currentLocation,
  dialog,
  host,
  hub,
  lastBody,
  listOk,
  profile,
  renderWithSession,
} from '../test-utils';
import { QuickConnectItemPage } from './quick-connect-item-page';
import { QuickConnectPage } from './quick-connect-page';

const quick = hub({ id: 9, name: 'RUT955 depot', quick_hub: 1, devices_count: 1, users_count: 0 });

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderList(api: Record<string, MockHandler> = {}) {
  return renderWithSession(<QuickConnectPage />, {
    url: '/vpn/quick-connect',
    path: '/vpn/quick-connect',
    user: roleUser('admin'),
    api: {
      'GET /api/vpn/hubs': () => listOk([quick]),
      'GET /api/vpn/hubs/host': () => ok(host()),
      'GET /api/devices': () => listOk([{ id: 42, name: 'RUT955 depot' }]),
      'POST /api/vpn/hubs/connect': () => channelOk(quick, 201),
      'POST /api/vpn/hubs/9/quick-connect': () =>
        jsonResponse(201, { success: true, data: profile({ vpn_hub_id: 9 }) }),
      ...api,
    },
  });
}

describe('QuickConnectPage', () => {
  it('lists the quick hubs only', async () => {
    const view = renderList();
    expect(await screen.findByRole('link', { name: 'RUT955 depot' })).toHaveAttribute(
      'href',
      '/vpn/quick-connect/9',
    );
    expect(queryOf(view.calls('GET /api/vpn/hubs').at(-1)?.[0])).toMatchObject({ quick_hub: '1' });
  });

  it('makes a quick hub to a device and its LAN, then a profile for me', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'RUT955 depot' });
    await view.user.click(screen.getByRole('button', { name: 'Quick connect' }));
    const form = await dialog('Quick connect');
    await view.user.click(form.getByRole('combobox', { name: /^Device/ }));
    await view.user.click(await screen.findByRole('option', { name: 'RUT955 depot' }));
    // The hub is named after its device until a name is typed.
    expect(form.getByRole('textbox', { name: /^Hub name/ })).toHaveValue('RUT955 depot');
    // netfleet does not know the device's LANs: the row starts empty, for the user to fill.
    const network = form.getByRole('textbox', { name: /^Network/ });
    expect(network).toHaveValue('');
    expect(network).toHaveAttribute('placeholder', 'e.g. 192.168.1.0');
    await view.user.type(network, '192.168.77.0');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Depot LAN');
    await view.user.click(form.getByRole('combobox', { name: /^Profile valid for/ }));
    await view.user.click(await screen.findByRole('option', { name: '8 hours' }));
    await view.user.click(form.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs/9/quick-connect')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/connect')).toEqual({
      company_id: 3,
      hub_name: 'RUT955 depot',
      description: '',
      hub_zone: 'local',
      endpoint: {
        device_id: 42,
        routes: [{ ip: '192.168.77.0', netmask: '255.255.255.0', name: 'Depot LAN' }],
      },
      tag_id: [],
      vpn_type: 'tun',
    });
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/9/quick-connect')).toEqual({
      expires_in: 28_800,
    });
    expect(await dialog('Client configuration')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/vpn/quick-connect/9/clients'));
  });

  it('routes nothing for a LAN row left empty, and asks for the network of a named one', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'RUT955 depot' });
    await view.user.click(screen.getByRole('button', { name: 'Quick connect' }));
    const form = await dialog('Quick connect');
    await view.user.click(form.getByRole('combobox', { name: /^Device/ }));
    await view.user.click(await screen.findByRole('option', { name: 'RUT955 depot' }));
    await view.user.click(form.getByRole('button', { name: 'Add row' }));
    await view.user.type(
      form.getAllByRole('textbox', { name: 'Name' })[1] as HTMLElement,
      'Cameras',
    );
    await view.user.click(form.getByRole('button', { name: 'Connect' }));
    expect(await form.findByText('Invalid IPv4 address')).toBeInTheDocument();
    const networks = form.getAllByRole('textbox', { name: 'Network' });
    expect(networks[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(networks[1]).toHaveAttribute('aria-invalid', 'true');
    expect(view.calls('POST /api/vpn/hubs/connect')).toHaveLength(0);
    await view.user.click(form.getByRole('button', { name: 'Remove row 2' }));
    await view.user.click(form.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(view.calls('POST /api/vpn/hubs/connect')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/vpn/hubs/connect')).toMatchObject({
      endpoint: { device_id: 42, routes: [] },
    });
  });

  it('asks for the device before sending', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'RUT955 depot' });
    await view.user.click(screen.getByRole('button', { name: 'Quick connect' }));
    const form = await dialog('Quick connect');
    await view.user.click(form.getByRole('button', { name: 'Connect' }));
    expect(await form.findByText('Device is required')).toBeInTheDocument();
    expect(view.calls('POST /api/vpn/hubs/connect')).toHaveLength(0);
  });
});

describe('QuickConnectItemPage', () => {
  it('says when the hub has had no connection yet', async () => {
    renderWithSession(<QuickConnectItemPage />, {
      url: '/vpn/quick-connect/9/connection-logs',
      path: '/vpn/quick-connect/:id/:tab?',
      user: roleUser('admin'),
      api: {
        'GET /api/vpn/hubs/9': () => ok(quick),
        'GET /api/vpn/hubs/host': () => ok(host()),
        'GET /api/vpn/hubs/9/logs/user-connections': () => listOk([]),
      },
    });
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Connection logs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
