import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { listOk, queryOf, renderWithSession, wirelessInterface } from '../test-utils';
import { WifiPage } from './wifi-page';

const rows = [
  wirelessInterface(),
  wirelessInterface({
    id: 1101,
    key: '11:1',
    index: 1,
    ssid: 'Depot_0001_5G',
    band: '5GHz',
    channel: 36,
    received: '5368709120',
    sent: '5120',
  }),
  wirelessInterface({
    id: 1200,
    key: '12:0',
    device_id: 12,
    device_name: 'Shop router',
    name: 'Shop router',
    model: 'RUT240',
    ssid: 'Shop',
    enabled: false,
    clients: 0,
  }),
];

function renderWifi(url = '/management/wifi') {
  return renderWithSession(<WifiPage />, {
    url,
    path: '/management/wifi',
    user: roleUser('admin', { company_id: 3 }),
    api: {
      'GET /api/wireless': () => listOk(rows),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
    },
  });
}

const rowOf = (table: HTMLElement, ssid: string) =>
  within(within(table).getByText(ssid).closest('tr') as HTMLElement);

describe('WifiPage', () => {
  it('lists one row per interface with band, channel, state and clients', async () => {
    renderWifi();
    expect(screen.getByRole('heading', { name: 'Wi-Fi' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Wi-Fi interfaces' });
    await within(table).findByText('Depot_0001_5G');
    const fiveGhz = rowOf(table, 'Depot_0001_5G');
    expect(fiveGhz.getByText('5GHz')).toBeInTheDocument();
    expect(fiveGhz.getByText('36')).toBeInTheDocument();
    // The interface's byte counters in the spec's 1024 steps; a dash where none are reported.
    expect(fiveGhz.getByText('5120 MB')).toBeInTheDocument();
    expect(fiveGhz.getByText('5 KB')).toBeInTheDocument();
    expect(rowOf(table, 'Shop').getAllByText('—')).toHaveLength(2);
    expect(fiveGhz.getByRole('link', { name: 'Depot router' })).toHaveAttribute(
      'href',
      '/devices/11',
    );
    const shop = rowOf(table, 'Shop');
    expect(shop.getByText('No')).toBeInTheDocument();
    expect(shop.getByText('RUT240')).toBeInTheDocument();
    expect(rowOf(table, 'Depot_0001').getByText('7')).toBeInTheDocument();
  });

  it('keeps filters from the URL and sends band, model and sort to the API', async () => {
    const view = renderWifi('/management/wifi?band=5GHz&status=1&sort=-clients');
    const table = await screen.findByRole('table', { name: 'Wi-Fi interfaces' });
    await within(table).findByText('Depot_0001_5G');
    const lastQuery = () => queryOf(view.calls('GET /api/wireless').at(-1)?.[0]);
    expect(lastQuery()).toEqual({
      limit: '25',
      offset: '0',
      sort: '-clients',
      band: '5GHz',
      status: '1',
    });
    await view.user.type(screen.getByRole('textbox', { name: 'Filter Model' }), 'RUT240{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ model: 'RUT240', band: '5GHz' }));
    await view.user.click(within(table).getByRole('button', { name: /Channel/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'channel' }));
  });

  it('says so when no device reports Wi-Fi', async () => {
    renderWithSession(<WifiPage />, {
      url: '/management/wifi',
      path: '/management/wifi',
      user: roleUser('admin', { company_id: 3 }),
      api: { 'GET /api/wireless': () => listOk([]), 'GET /api/companies': () => listOk([]) },
    });
    expect(
      await screen.findByText('No Wi-Fi interfaces reported by your devices'),
    ).toBeInTheDocument();
  });
});
