import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceDashboard } from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import { roleUser } from '@/test/fixtures';
import { errorResponse, ok } from '@/test/mock-api';
import {
  dashboard,
  device,
  dialog,
  lastBody,
  listOk,
  renderDashboardsTab,
  renderMobilePage,
} from '../test-utils';

// jsdom draws no canvas: the lazy uPlot chart is replaced by what it was given.
vi.mock('@/components/charts', () => ({
  TimeChart: ({ title, data }: { title: string; data: ChartData }) => (
    <figure aria-label={title}>{data.series.map((series) => series.label).join(', ')}</figure>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/dashboards/7';
const ONE = 'GET /api/devices/42/dashboards/7';
const PUT = 'PUT /api/devices/42/dashboards/7';

const latest = {
  datetime: '2026-11-30T09:00:00.000Z',
  data: {
    uptime: 7200,
    temperature: 415,
    wan_state: 'mobile',
    modems: [
      {
        modem: 1,
        sim: 1,
        signal: -67,
        operator: 'Telia',
        network_state: 'registered',
        connection_type: 'LTE',
        rx: 100,
        tx: 50,
      },
    ],
  },
};

const withWidgets = dashboard({
  widgets: [
    { id: 'sig', kind: 'value', metric: 'signal', title: '' },
    { id: 'box', kind: 'value', metric: 'temperature', title: 'Cabinet' },
    { id: 'facts', kind: 'facts', title: '' },
  ],
});

const readings = {
  'GET /api/devices/42/information-history': () => ok([{ readings: { dynamic: latest } }]),
};

describe('a dashboard', { timeout: 30_000 }, () => {
  it('shows its widgets: current values and key facts', async () => {
    renderDashboardsTab(PAGE, admin, { [ONE]: () => ok(withWidgets), ...readings });
    expect(await screen.findByRole('heading', { name: 'Site overview' })).toBeInTheDocument();
    const signal = within(screen.getByRole('region', { name: 'Signal strength' }));
    expect(await signal.findByText('-67 dBm')).toBeInTheDocument();
    const cabinet = within(screen.getByRole('region', { name: 'Cabinet' }));
    expect(await cabinet.findByText('41.5 °C')).toBeInTheDocument();
    const facts = within(screen.getByRole('region', { name: 'Key facts' }));
    expect(facts.getByText('RUTX11')).toBeInTheDocument();
    expect(facts.getByText('Online')).toBeInTheDocument();
    expect(facts.getByText('10.1.2.3')).toBeInTheDocument();
  });

  it('reorders, removes and adds widgets, saving the whole list', async () => {
    let current: DeviceDashboard = withWidgets;
    const { user, calls } = renderDashboardsTab(PAGE, admin, {
      [ONE]: () => ok(current),
      [PUT]: (init) => {
        const body = JSON.parse(String(init?.body)) as Pick<DeviceDashboard, 'widgets'>;
        current = {
          ...current,
          widgets: body.widgets.map((widget, index) => ({
            ...widget,
            id: widget.id ?? `new${index}`,
          })),
        };
        return ok(current);
      },
      ...readings,
    });
    const first = within(await screen.findByRole('region', { name: 'Signal strength' }));
    await user.click(first.getByRole('button', { name: 'Move down' }));
    await waitFor(() =>
      expect(lastBody(calls, PUT)).toMatchObject({
        widgets: [{ id: 'box' }, { id: 'sig' }, { id: 'facts' }],
      }),
    );

    const facts = within(screen.getByRole('region', { name: 'Key facts' }));
    await user.click(facts.getByRole('button', { name: 'Remove widget' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Key facts' })).not.toBeInTheDocument(),
    );
    expect(lastBody(calls, PUT)).toMatchObject({ widgets: [{ id: 'box' }, { id: 'sig' }] });

    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    const form = await dialog('Add widget');
    await user.type(form.getByRole('textbox', { name: /Title/ }), 'Radio');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls(PUT)).toHaveLength(3));
    expect(lastBody(calls, PUT)).toEqual({
      widgets: [
        expect.objectContaining({ id: 'box' }),
        expect.objectContaining({ id: 'sig' }),
        { kind: 'chart', metric: 'signal', title: 'Radio' },
      ],
    });
  });

  it('draws a chart widget over the chosen period, reading it again when the period changes', async () => {
    const chart = dashboard({
      range: '6h',
      widgets: [{ id: 'c', kind: 'chart', metric: 'signal', title: '' }],
    });
    const { user, calls } = renderDashboardsTab(PAGE, admin, {
      [ONE]: () => ok(chart),
      'GET /api/devices/42/information/dynamic': () => listOk([latest]),
    });
    expect(await screen.findByRole('figure', { name: 'Signal strength' })).toHaveTextContent(
      'Modem 1 · SIM 1',
    );
    const span = (url: unknown) => {
      const query = new URL(String(url), 'http://x').searchParams;
      return Date.parse(query.get('end_date') ?? '') - Date.parse(query.get('start_date') ?? '');
    };
    expect(span(calls('GET /api/devices/42/information/dynamic')[0]?.[0])).toBe(6 * 3_600_000);

    await user.click(screen.getByLabelText('Period', { selector: 'input:not([type=hidden])' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(calls('GET /api/devices/42/information/dynamic')).toHaveLength(2));
    expect(span(calls('GET /api/devices/42/information/dynamic')[1]?.[0])).toBe(7 * 86_400_000);
  });

  it('says when the dashboard is gone', async () => {
    renderDashboardsTab(PAGE, admin, { [ONE]: () => errorResponse(404, 'NOT_FOUND') });
    expect(await screen.findByText('Dashboard not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All dashboards' })).toBeInTheDocument();
  });

  it('stands alone on the mobile page, widgets stacked, nothing to edit', async () => {
    renderMobilePage('/device/42/dashboard/7', admin, {
      'GET /api/devices/42': () => ok(device()),
      [ONE]: () => ok(withWidgets),
      ...readings,
    });
    expect(await screen.findByRole('heading', { name: 'Site overview' })).toBeInTheDocument();
    expect(screen.getByText('Depot router')).toBeInTheDocument();
    const signal = within(screen.getByRole('region', { name: 'Signal strength' }));
    expect(await signal.findByText('-67 dBm')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move down' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add widget' })).not.toBeInTheDocument();
  });
});
