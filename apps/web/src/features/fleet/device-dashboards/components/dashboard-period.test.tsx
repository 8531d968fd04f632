import {
  cleanup,
  configure,
  createEvent,
  fireEvent,
  screen,
  waitFor,
} from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceDashboard } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { periodStorageKey } from '../model/period';
import { currentLocation, dashboard, lastBody, listOk, renderDashboardsTab } from '../test-utils';

vi.mock('@/components/charts', () => ({
  TimeChart: ({ title }: { title: string }) => <figure aria-label={title} />,
}));

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/dashboards/7';
const ONE = 'GET /api/devices/42/dashboards/7';
const READINGS = 'GET /api/devices/42/information/dynamic';
const HOUR = 3_600_000;

const chart = dashboard({
  range: '24h',
  widgets: [{ id: 'c', kind: 'chart', metric: 'signal', title: '' }],
});
const api = {
  [ONE]: () => ok(chart),
  [READINGS]: () => listOk([]),
};

/** The span of the readings asked for, and its end, by call. */
const asked = (calls: (key: string) => unknown[][], index: number) => {
  const query = new URL(String(calls(READINGS)[index]?.[0]), 'http://x').searchParams;
  const start = Date.parse(query.get('start_date') ?? '');
  const end = Date.parse(query.get('end_date') ?? '');
  return { span: end - start, start, end };
};

const choose = async (user: ReturnType<typeof renderDashboardsTab>['user'], option: string) => {
  await user.click(screen.getByLabelText('Period', { selector: 'input:not([type=hidden])' }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the period a dashboard shows', { timeout: 30_000 }, () => {
  it("opens with the dashboard's own period and puts it in the URL", async () => {
    const { calls } = renderDashboardsTab(PAGE, admin, api);
    await waitFor(() => expect(calls(READINGS)).toHaveLength(1));
    expect(asked(calls, 0).span).toBe(24 * HOUR);
    await waitFor(() => expect(currentLocation()).toBe(`${PAGE}?period=24h`));
  });

  it('remembers a chosen period in the URL and, for the next visit, in local storage', async () => {
    const first = renderDashboardsTab(PAGE, admin, api);
    await screen.findByText('No readings in this period');
    await choose(first.user, 'Last 7 days');
    await waitFor(() => expect(currentLocation()).toBe(`${PAGE}?period=7d`));
    expect(JSON.parse(localStorage.getItem(periodStorageKey(7)) ?? 'null')).toEqual({
      preset: '7d',
    });
    cleanup();

    // The next visit without a period in its link opens with the last one chosen.
    const again = renderDashboardsTab(PAGE, admin, api);
    await waitFor(() => expect(again.calls(READINGS)).toHaveLength(1));
    expect(asked(again.calls, 0).span).toBe(7 * 24 * HOUR);
    await waitFor(() => expect(currentLocation()).toBe(`${PAGE}?period=7d`));
    // Another dashboard keeps its own.
    expect(localStorage.getItem(periodStorageKey(8))).toBeNull();
  });

  it("follows the link's period over the remembered one, custom ranges too", async () => {
    localStorage.setItem(periodStorageKey(7), JSON.stringify({ preset: '7d' }));
    const preset = renderDashboardsTab(`${PAGE}?period=1h`, admin, api);
    await waitFor(() => expect(preset.calls(READINGS)).toHaveLength(1));
    expect(asked(preset.calls, 0).span).toBe(HOUR);
    cleanup();

    const from = '2026-11-20T00:00:00.000Z';
    const to = '2026-11-22T12:00:00.000Z';
    const custom = renderDashboardsTab(`${PAGE}?from=${from}&to=${to}`, admin, api);
    await waitFor(() => expect(custom.calls(READINGS)).toHaveLength(1));
    expect(asked(custom.calls, 0)).toMatchObject({ start: Date.parse(from), end: Date.parse(to) });
    cleanup();

    // A broken link falls back to the remembered period.
    const broken = renderDashboardsTab(`${PAGE}?from=${to}&to=${from}`, admin, api);
    await waitFor(() => expect(broken.calls(READINGS)).toHaveLength(1));
    expect(asked(broken.calls, 0).span).toBe(7 * 24 * HOUR);
  });

  it('ignores a remembered value that is not a period', async () => {
    localStorage.setItem(periodStorageKey(7), '{"preset":"2y"}');
    const { calls } = renderDashboardsTab(PAGE, admin, api);
    await waitFor(() => expect(calls(READINGS)).toHaveLength(1));
    expect(asked(calls, 0).span).toBe(24 * HOUR);
  });
});

describe('dragging widgets', { timeout: 30_000 }, () => {
  it('moves a widget dropped on another to its place and saves the order', async () => {
    let current: DeviceDashboard = dashboard({
      widgets: [
        { id: 'a', kind: 'facts', title: 'First' },
        { id: 'b', kind: 'facts', title: 'Second' },
        { id: 'c', kind: 'facts', title: 'Third' },
      ],
    });
    const PUT = 'PUT /api/devices/42/dashboards/7';
    const { calls } = renderDashboardsTab(PAGE, admin, {
      [ONE]: () => ok(current),
      [PUT]: (init) => {
        current = { ...current, ...(JSON.parse(String(init?.body)) as Partial<DeviceDashboard>) };
        return ok(current);
      },
    });
    const third = await screen.findByRole('region', { name: 'Third' });
    const first = screen.getByRole('region', { name: 'First' });
    const transfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByTitle('Drag Third'), { dataTransfer: transfer });
    const over = createEvent.dragOver(first, { dataTransfer: transfer });
    fireEvent(first, over);
    // Accepting the drop is what lets the browser drop here.
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(first, { dataTransfer: transfer });
    await waitFor(() =>
      expect(lastBody(calls, PUT)).toMatchObject({
        widgets: [{ id: 'c' }, { id: 'a' }, { id: 'b' }],
      }),
    );
    expect(third).toBeInTheDocument();
    // A drop with nothing picked up (a file, another page's text) changes nothing.
    fireEvent.drop(first, { dataTransfer: transfer });
    expect(calls(PUT)).toHaveLength(1);
  });

  it('offers no grip to someone who cannot change the dashboard', async () => {
    renderDashboardsTab(PAGE, roleUser('read_only'), {
      [ONE]: () =>
        ok(
          dashboard({
            widgets: [
              { id: 'a', kind: 'facts', title: 'First' },
              { id: 'b', kind: 'facts', title: 'Second' },
            ],
          }),
        ),
    });
    await screen.findByRole('region', { name: 'First' });
    expect(screen.queryByTitle('Drag First')).not.toBeInTheDocument();
  });
});
