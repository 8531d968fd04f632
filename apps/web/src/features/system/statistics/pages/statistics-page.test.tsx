import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { errorResponse } from '@/test/mock-api';
import { renderWithSession } from '@/test/render-route';
import { currentLocation, DEFAULT_API, queryOf, renderStatistics, WAIT } from '../test-utils';
import { ConnectionManagerPage } from './statistics-page';

const admin = roleUser('super_admin', { company_id: 1 });
const statsOnly = roleUser('end_user', { permissions: ['view_statistics'] as Permission[] });

const cell = (table: HTMLElement, row: string) =>
  within(within(table).getByText(row).closest('tr') as HTMLElement);

describe('StatisticsPage', { timeout: 30_000 }, () => {
  it('shows every tab to a user with all permissions', async () => {
    renderStatistics(admin);
    const tabs = await screen.findAllByRole('tab', {}, WAIT);
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'General',
      'Connection manager',
      'Months stats',
      'Online devices',
      'Action logs',
      'Unique devices',
    ]);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('hides the tabs whose endpoints need more than view_statistics', async () => {
    renderStatistics(statsOnly, '/statistics');
    await waitFor(() => expect(currentLocation()).toBe('/statistics/months-stats'));
    const tabs = await screen.findAllByRole('tab', {}, WAIT);
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Months stats',
      'Online devices',
      'Unique devices',
    ]);
  });

  it('shows device counts per chart with readable values', async () => {
    renderStatistics(admin);
    const status = await screen.findByRole('table', { name: 'Status' }, WAIT);
    expect(cell(status, 'Online').getByText('3')).toBeInTheDocument();
    expect(cell(status, 'Offline').getByText('1')).toBeInTheDocument();
    const signal = screen.getByRole('table', { name: 'Signal' });
    // RMS's signal classes, named with their dBm bounds.
    expect(cell(signal, 'Excellent (≥ -70 dBm)').getByText('2')).toBeInTheDocument();
    expect(cell(signal, 'No signal').getByText('2')).toBeInTheDocument();
    // Charts without values are left out.
    expect(screen.queryByRole('table', { name: 'Operator' })).toBeNull();
  });

  it('switches tab through the URL', async () => {
    const view = renderStatistics(admin);
    await view.user.click(await screen.findByRole('tab', { name: 'Months stats' }, WAIT));
    expect(currentLocation()).toBe('/statistics/months-stats');
  });

  it('shows devices added and connected per month, in the chosen time zone', async () => {
    const view = renderStatistics(admin, '/statistics/months-stats');
    const table = await screen.findByRole(
      'table',
      { name: 'Devices added and devices that connected, per month' },
      WAIT,
    );
    const january = cell(table, '2026-01');
    expect(january.getByText('2')).toBeInTheDocument();
    expect(january.getByText('1')).toBeInTheDocument();
    const query = queryOf(view.calls('GET /api/statistics/devices/months').at(-1)?.[0]);
    expect(query.timezone).toBe('UTC');
    const days =
      (Date.parse(query.end_date ?? '') - Date.parse(query.start_date ?? '')) / 86_400_000;
    expect(days).toBe(365);
  });

  it('asks for a custom range once it is applied', async () => {
    const view = renderStatistics(admin, '/statistics/months-stats');
    await screen.findByRole(
      'table',
      { name: 'Devices added and devices that connected, per month' },
      WAIT,
    );
    await view.user.click(screen.getByRole('combobox', { name: 'Range' }));
    await view.user.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01T00:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06-30T23:59' } });
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/statistics/devices/months').at(-1)?.[0])).toMatchObject({
        start_date: new Date('2025-01-01T00:00').toISOString(),
        end_date: new Date('2025-06-30T23:59').toISOString(),
        timezone: 'UTC',
      }),
    );
  });

  it('keeps a daily custom range within what the server answers', async () => {
    const view = renderStatistics(admin, '/statistics/unique-devices');
    await screen.findByRole('table', { name: 'Distinct devices that connected' }, WAIT);
    const asked = view.calls('GET /api/statistics/devices/unique').length;
    await view.user.click(screen.getByRole('combobox', { name: 'Range' }));
    await view.user.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01T00:00' } });
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The range can span at most 998 days')).toBeInTheDocument();
    expect(view.calls('GET /api/statistics/devices/unique')).toHaveLength(asked);
  });

  it('asks for unique devices per month when chosen', async () => {
    const view = renderStatistics(admin, '/statistics/unique-devices');
    const table = await screen.findByRole(
      'table',
      { name: 'Distinct devices that connected' },
      WAIT,
    );
    expect(cell(table, '2026-02-02').getByText('7')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/statistics/devices/unique').at(-1)?.[0]).interval).toBe(
      'day',
    );
    await view.user.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/statistics/devices/unique').at(-1)?.[0]).interval).toBe(
        'month',
      ),
    );
  });

  it('groups online samples per hour with the peak of each', async () => {
    renderStatistics(admin, '/statistics/online-devices');
    expect(await screen.findByText('Now: 2 of 3 online', {}, WAIT)).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Most devices online at once (of the total at that moment)',
    });
    const texts = (period: string) =>
      cell(table, period)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    // Online, then the total at that sample.
    expect(texts('2026-02-02 10:00')).toEqual(['2026-02-02 10:00', '3', '3']);
    expect(texts('2026-02-02 11:00')).toEqual(['2026-02-02 11:00', '2', '3']);
  });

  it('lists action logs with their device and outcome', async () => {
    renderStatistics(admin, '/statistics/action-logs');
    const table = await screen.findByRole('table', { name: 'Action logs' }, WAIT);
    const row = await within(table).findByText('Update metrics data', {}, WAIT);
    const cells = within(row.closest('tr') as HTMLElement);
    expect(cells.getByRole('link', { name: 'Gateway North' })).toHaveAttribute(
      'href',
      '/devices/12',
    );
    expect(cells.getByText('Failed')).toBeInTheDocument();
    expect(cells.getByText('Device did not answer')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    const view = renderStatistics(admin, '/statistics/months-stats', {
      'GET /api/statistics/devices/months': () => errorResponse(500, 'SERVER_ERROR', 'Boom'),
    });
    expect(await screen.findByText('Failed to load statistics', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Boom')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(view.calls('GET /api/statistics/devices/months')).toHaveLength(2));
  });
});

describe('ConnectionManagerPage', { timeout: 30_000 }, () => {
  it('lists the connection log with the spec messages and device links', async () => {
    renderWithSession(<ConnectionManagerPage />, {
      url: '/statistics/connection-manager',
      path: '/statistics/connection-manager',
      user: admin,
      api: DEFAULT_API,
    });
    const table = await screen.findByRole('table', { name: 'Connection manager' }, WAIT);
    expect(
      await within(table).findByText('Device has attempted to connect to the system', {}, WAIT),
    ).toBeInTheDocument();
    expect(
      within(table).getByText(
        'A device with identical serial but different MAC is already registered',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Device #12' })).toHaveAttribute(
      'href',
      '/devices/12',
    );
    expect(screen.getByRole('tab', { name: 'Connection manager' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
