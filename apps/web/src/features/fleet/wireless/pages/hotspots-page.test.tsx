import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { errorResponse, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { currentLocation, hotspot, listOk, queryOf, renderWithSession } from '../test-utils';
import { HotspotsPage } from './hotspots-page';

const rows = [
  hotspot(),
  hotspot({
    id: 1202,
    key: '12:2',
    device_id: 12,
    device_name: 'Shop router',
    name: 'Shop router',
    status: 'offline',
    device_status: 0,
    company_id: 5,
    company_name: 'Beta',
    index: 2,
    ssid: 'Staff',
    ssid_names: 'Staff',
    online_users: 0,
    rx: null,
    tx: null,
  }),
];

function renderHotspots(
  options: { user?: CurrentUser; url?: string; hotspots?: MockHandler } = {},
) {
  return renderWithSession(<HotspotsPage />, {
    url: options.url ?? '/management/hotspots',
    path: '/management/hotspots',
    user: options.user ?? roleUser('admin', { company_id: 3 }),
    api: {
      'GET /api/hotspots': options.hotspots ?? (() => listOk(rows)),
      'GET /api/companies': () =>
        listOk([
          { id: 3, name: 'Acme' },
          { id: 5, name: 'Beta' },
        ]),
    },
  });
}

const rowOf = (table: HTMLElement, device: string) =>
  within(within(table).getByRole('link', { name: device }).closest('tr') as HTMLElement);

describe('HotspotsPage', () => {
  it('lists hotspots with their device, status, users and traffic, linking to the device', async () => {
    const view = renderHotspots();
    const table = await screen.findByRole('table', { name: 'Hotspots' });
    await within(table).findByText('Guest hotspot');
    const depot = rowOf(table, 'Depot router');
    expect(depot.getByRole('link', { name: 'Depot router' })).toHaveAttribute(
      'href',
      '/devices/11',
    );
    expect(depot.getByText('Online')).toBeInTheDocument();
    expect(depot.getByText('RUT360')).toBeInTheDocument();
    expect(depot.getByText('0.01 MB')).toBeInTheDocument();
    expect(depot.getByText('2026-03-01 10:00:00')).toBeInTheDocument();
    expect(depot.getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/companies/3');
    const shop = rowOf(table, 'Shop router');
    expect(shop.getByText('Offline')).toBeInTheDocument();
    expect(shop.getAllByText('—')).toHaveLength(2);
    expect(queryOf(view.calls('GET /api/hotspots').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: 'device_name',
    });
  });

  it('filters by status and SSID, kept in the URL', async () => {
    const view = renderHotspots();
    await screen.findByText('Guest hotspot');
    const lastQuery = () => queryOf(view.calls('GET /api/hotspots').at(-1)?.[0]);
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Filter Status' }), '1');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '1' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Filter SSID' }), 'Staff{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '1', ssid_names: 'Staff' }));
    expect(currentLocation()).toBe('/management/hotspots?status=1&ssid_names=Staff');
  });

  it('narrows to a company, searches and sorts through the API', async () => {
    const view = renderHotspots();
    const table = await screen.findByRole('table', { name: 'Hotspots' });
    await within(table).findByText('Guest hotspot');
    const lastQuery = () => queryOf(view.calls('GET /api/hotspots').at(-1)?.[0]);
    await view.user.click(screen.getByRole('combobox', { name: 'Filter by company' }));
    await view.user.click(await screen.findByRole('option', { name: 'Beta' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ company_id: '5' }));
    await view.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'depot{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'depot', company_id: '5' }));
    await view.user.click(within(table).getByRole('button', { name: /Active users/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'online_users' }));
  });

  it('shows skeleton rows while loading, then the empty message', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderHotspots({ hotspots: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findAllByTestId('data-table-skeleton')).not.toHaveLength(0);
    answer(listOk([]));
    expect(await screen.findByText('No hotspots reported by your devices')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const view = renderHotspots({
      hotspots: () => errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    const before = view.calls('GET /api/hotspots').length;
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(view.calls('GET /api/hotspots').length).toBeGreaterThan(before));
  });

  it('has no company filter or company links without view_companies', async () => {
    renderHotspots({ user: roleUser('end_user', { company_id: 3 }) });
    const table = await screen.findByRole('table', { name: 'Hotspots' });
    await within(table).findByText('Guest hotspot');
    expect(screen.queryByRole('combobox', { name: 'Filter by company' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Acme' })).not.toBeInTheDocument();
  });
});
