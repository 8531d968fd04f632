import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceDashboardWidget } from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import type { MapPoint } from '@/components/map';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { dashboard, device, dialog, lastBody, listOk, renderDashboardsTab } from '../test-utils';

// jsdom draws no canvas and no Leaflet map: both are replaced by what they were given.
vi.mock('@/components/charts', () => ({
  TimeChart: ({
    title,
    data,
    formatValue,
  }: {
    title: string;
    data: ChartData;
    formatValue?: (value: number) => string;
  }) => (
    <figure aria-label={title}>
      {data.series
        .map((series) => `${series.label}: ${series.values.map((v) => formatValue?.(v ?? 0))}`)
        .join('; ')}
    </figure>
  ),
}));
vi.mock('@/components/map', () => ({
  DeviceMap: ({
    label,
    position,
    points,
  }: {
    label: string;
    position: MapPoint | null;
    points: readonly MapPoint[];
  }) => (
    <figure aria-label={label}>
      {`at ${position?.latitude},${position?.longitude}; track ${points.length}`}
    </figure>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/dashboards/7';
const ONE = 'GET /api/devices/42/dashboards/7';
const HISTORY = 'GET /api/devices/42/information-history';
const withIo = device({ has_io: true, has_gps: true });

const ioReading = (at: string, level: 0 | 1, relay: 0 | 1) => ({
  datetime: at,
  data: {
    inputs: [{ name: 'Door', level }],
    relays: [{ name: 'Siren', state: relay }],
    analog: [{ name: 'Tank', value: 12.5, unit: 'V' }],
  },
});
const gpsReading = {
  datetime: '2026-11-30T09:30:00.000Z',
  data: { latitude: 59.91, longitude: 10.75, satellites: 9 },
};
const latest = () => ok([{ readings: { io: ioReading('2026-11-30T09:00:00.000Z', 1, 0) } }]);

const board = (widgets: DeviceDashboardWidget[]) => dashboard({ widgets });

describe('IO, GPS and image widgets', { timeout: 30_000 }, () => {
  it('shows every pin of the latest IO reading, and one pin over the period', async () => {
    renderDashboardsTab(
      PAGE,
      admin,
      {
        [ONE]: () =>
          ok(
            board([
              { id: 'all', kind: 'io', pin: null, title: '' },
              { id: 'door', kind: 'io', pin: { type: 'input', name: 'Door' }, title: '' },
            ]),
          ),
        [HISTORY]: latest,
        'GET /api/devices/42/information/io': () =>
          listOk([
            ioReading('2026-11-30T08:00:00.000Z', 0, 0),
            ioReading('2026-11-30T09:00:00.000Z', 1, 1),
          ]),
      },
      withIo,
    );
    const all = within(await screen.findByRole('region', { name: 'Inputs and outputs' }));
    expect(await all.findByText('Input: Door')).toBeInTheDocument();
    expect(all.getByText('Relay: Siren')).toBeInTheDocument();
    expect(all.getByText('Analog input: Tank')).toBeInTheDocument();
    expect(all.getByText('High')).toBeInTheDocument();
    expect(all.getByText('12.5 V')).toBeInTheDocument();
    const door = within(screen.getByRole('region', { name: 'Door' }));
    expect(await door.findByRole('figure', { name: 'Door' })).toHaveTextContent('Door: Low,High');
  });

  it('says when the charted pin is no longer reported', async () => {
    renderDashboardsTab(
      PAGE,
      admin,
      {
        [ONE]: () =>
          ok(board([{ id: 'x', kind: 'io', pin: { type: 'relay', name: 'Gone' }, title: '' }])),
        'GET /api/devices/42/information/io': () =>
          listOk([ioReading('2026-11-30T08:00:00.000Z', 0, 0)]),
      },
      withIo,
    );
    expect(await screen.findByText('The device no longer reports this pin')).toBeInTheDocument();
  });

  it('puts the device on the map at its last fix, with the track when asked', async () => {
    const { calls } = renderDashboardsTab(
      PAGE,
      admin,
      {
        [ONE]: () =>
          ok(
            board([
              { id: 'here', kind: 'gps', track: false, title: 'Here' },
              { id: 'trail', kind: 'gps', track: true, title: 'Trail' },
            ]),
          ),
        [HISTORY]: () => ok([{ readings: { gps: gpsReading } }]),
        'GET /api/map/settings': () => ok({ tile_url: null, tile_attribution: null }),
        'GET /api/devices/42/locations/history': () =>
          listOk([
            { datetime: '2026-11-30T08:00:00.000Z', latitude: 59.9, longitude: 10.7 },
            { datetime: '2026-11-30T09:00:00.000Z', latitude: 59.91, longitude: 10.75 },
          ]),
      },
      withIo,
    );
    const here = within(await screen.findByRole('region', { name: 'Here' }));
    expect(await here.findByRole('figure', { name: 'Position of Depot router' })).toHaveTextContent(
      'at 59.91,10.75; track 0',
    );
    expect(here.getByText(/Last fix/)).toHaveTextContent('Last fix 2026-11-30 09:30:00');
    const trail = within(screen.getByRole('region', { name: 'Trail' }));
    expect(await trail.findByRole('figure')).toHaveTextContent('track 2');
    expect(trail.getByText(/2 positions in the period/)).toBeInTheDocument();
    // Only the widget with a track reads the positions.
    expect(calls('GET /api/devices/42/locations/history')).toHaveLength(1);
  });

  it('shows a position a user placed, without a fix time, and says when there is none', async () => {
    renderDashboardsTab(
      PAGE,
      admin,
      {
        [ONE]: () => ok(board([{ id: 'g', kind: 'gps', track: false, title: '' }])),
        [HISTORY]: () => ok([]),
        'GET /api/map/settings': () => ok({ tile_url: null, tile_attribution: null }),
      },
      device({ has_gps: true, user_set_latitude: 54.7, user_set_longitude: 25.3 }),
    );
    expect(await screen.findByRole('figure')).toHaveTextContent('at 54.7,25.3');
    expect(screen.getByText('Position placed by a user, no GPS fix yet')).toBeInTheDocument();
  });

  it('shows an image scaled, and says when it can no longer be loaded', async () => {
    renderDashboardsTab(PAGE, admin, {
      [ONE]: () => ok(board([{ id: 'i', kind: 'image', image_id: 15, title: 'Floor plan' }])),
    });
    const region = within(await screen.findByRole('region', { name: 'Floor plan' }));
    const image = region.getByRole('img', { name: 'Floor plan' });
    expect(image).toHaveAttribute('src', '/api/images/15');
    fireEvent.error(image);
    expect(await region.findByText('The image is no longer available')).toBeInTheDocument();
  });

  it('offers IO and GPS only to a device that has them, and adds an image widget', async () => {
    const { user, calls } = renderDashboardsTab(
      PAGE,
      admin,
      {
        [ONE]: () => ok(board([])),
        'PUT /api/devices/42/dashboards/7': () => ok(board([])),
        'GET /api/images': () =>
          listOk([{ id: 15, name: 'floor.png', description: 'Ground floor', company_id: 3 }]),
      },
      device({ has_io: false, has_gps: false }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add widget' }));
    const form = await dialog('Add widget');
    await user.click(form.getByLabelText('Widget', { selector: 'input:not([type=hidden])' }));
    const kinds = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(kinds).toEqual(['Chart', 'Current value', 'Key facts', 'Image']);
    await user.click(screen.getByRole('option', { name: 'Image' }));
    await user.click(
      await form.findByLabelText(/^Image/, { selector: 'input:not([type=hidden])' }),
    );
    await user.click(await screen.findByRole('option', { name: 'floor.png · Ground floor' }));
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(lastBody(calls, 'PUT /api/devices/42/dashboards/7')).toEqual({
        widgets: [{ kind: 'image', image_id: 15, title: '' }],
      }),
    );
    const query = new URL(String(calls('GET /api/images')[0]?.[0]), 'http://x').searchParams;
    expect(query.get('company_id')).toBe('3');
  });

  it('adds an IO widget charting a pin the device reports', async () => {
    const { user, calls } = renderDashboardsTab(
      PAGE,
      admin,
      {
        [ONE]: () => ok(board([])),
        [HISTORY]: latest,
        'PUT /api/devices/42/dashboards/7': () => ok(board([])),
      },
      withIo,
    );
    await user.click(await screen.findByRole('button', { name: 'Add widget' }));
    const form = await dialog('Add widget');
    await user.click(form.getByLabelText('Widget', { selector: 'input:not([type=hidden])' }));
    await user.click(await screen.findByRole('option', { name: 'Inputs and outputs' }));
    await user.click(await form.findByLabelText('Pin', { selector: 'input:not([type=hidden])' }));
    await user.click(await screen.findByRole('option', { name: 'Relay: Siren' }));
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(lastBody(calls, 'PUT /api/devices/42/dashboards/7')).toEqual({
        widgets: [{ kind: 'io', pin: { type: 'relay', name: 'Siren' }, title: '' }],
      }),
    );
  });
});
