import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok } from '@/test/mock-api';
import { device, dialog, lastBody, listOk, renderDevicePage } from '../test-utils';

// jsdom draws no map: the lazy Leaflet module is replaced by a stand-in whose button is a click
// on the map at a point with more decimals than a position keeps.
vi.mock('@/components/map', () => ({
  DeviceMap: ({
    label,
    position,
    onPick,
  }: {
    label: string;
    position: { latitude: number; longitude: number } | null;
    onPick?: (latitude: number, longitude: number) => void;
  }) => (
    <div role="region" aria-label={label}>
      {position ? `Marker at ${position.latitude}, ${position.longitude}` : 'No marker'}
      {onPick && (
        <button type="button" onClick={() => onPick(54.68715712345, 25.27965198765)}>
          Click the map
        </button>
      )}
    </div>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/location';
const PUT = 'PUT /api/devices/42';
const BASE_API = {
  'GET /api/devices/42/locations/history': () => listOk([]),
  'GET /api/map/settings': () => ok({ tile_url: null, tile_attribution: null }),
};
const input = (scope: Awaited<ReturnType<typeof dialog>>, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('Location tab: the position a user sets', { timeout: 30_000 }, () => {
  it('sets a typed position and shows it on the map', async () => {
    const placed = device({ user_set_latitude: 54.687157, user_set_longitude: 25.279651 });
    let saved = false;
    const view = renderDevicePage(PAGE, admin, device(), {
      ...BASE_API,
      'GET /api/devices/42': () => ok(saved ? placed : device()),
      [PUT]: () => {
        saved = true;
        return ok(placed);
      },
    });
    expect(await screen.findByText('Not placed on the map by a user')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Device location map' })).toHaveTextContent(
      'No marker',
    );
    await view.user.click(screen.getByRole('button', { name: 'Set position' }));
    const form = await dialog('Set position');
    await view.user.type(input(form, 'Latitude'), '54.687157');
    await view.user.type(input(form, 'Longitude'), '25.279651');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(lastBody(view.calls, PUT)).toEqual({
        user_set_latitude: 54.687157,
        user_set_longitude: 25.279651,
      }),
    );
    expect(
      await screen.findByText('Placed on the map by a user at 54.687157, 25.279651'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Device location map' })).toHaveTextContent(
      'Marker at 54.687157, 25.279651',
    );
  });

  it('refuses out-of-range coordinates before sending', async () => {
    const view = renderDevicePage(PAGE, admin, device(), BASE_API);
    await view.user.click(await screen.findByRole('button', { name: 'Set position' }));
    const form = await dialog('Set position');
    await view.user.type(input(form, 'Latitude'), '91');
    await view.user.type(input(form, 'Longitude'), '-181');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Must be at most 90')).toBeInTheDocument();
    expect(form.getByText('Must be at least -180')).toBeInTheDocument();
    expect(view.calls(PUT)).toHaveLength(0);
  });

  it('shows an error the API names next to its field', async () => {
    const view = renderDevicePage(PAGE, admin, device(), {
      ...BASE_API,
      [PUT]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'Latitude is outside this company’s region',
              source: 'user_set_latitude',
            },
          ],
        }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Set position' }));
    const form = await dialog('Set position');
    await view.user.type(input(form, 'Latitude'), '10');
    await view.user.type(input(form, 'Longitude'), '20');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    const message = await form.findByText('Latitude is outside this company’s region');
    const latitude = input(form, 'Latitude');
    expect(latitude).toHaveAttribute('aria-invalid', 'true');
    expect(latitude.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('picks the position with a click on the map, to six decimals', async () => {
    const view = renderDevicePage(PAGE, admin, device(), BASE_API);
    const pick = await screen.findByRole('button', { name: 'Pick on map' });
    expect(screen.queryByRole('button', { name: 'Click the map' })).toBeNull();
    await view.user.click(pick);
    expect(pick).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Click the map where the device is')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Click the map' }));

    const form = await dialog('Set position');
    expect(input(form, 'Latitude')).toHaveValue('54.687157');
    expect(input(form, 'Longitude')).toHaveValue('25.279652');
    // One click picks: the map is back to browsing.
    expect(screen.queryByRole('button', { name: 'Click the map' })).toBeNull();
  });

  it('clears the position after a confirm', async () => {
    const placed = device({ user_set_latitude: 54.7, user_set_longitude: 25.3 });
    const view = renderDevicePage(PAGE, admin, placed, {
      ...BASE_API,
      [PUT]: () => ok(device()),
    });
    expect(
      await screen.findByText('Placed on the map by a user at 54.7, 25.3'),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Clear' }));
    await view.user.click((await dialog('Clear position')).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Device position cleared')).toBeInTheDocument();
    expect(lastBody(view.calls, PUT)).toEqual({
      user_set_latitude: null,
      user_set_longitude: null,
    });
    expect(screen.getByText('Not placed on the map by a user')).toBeInTheDocument();
  });

  it('only shows the position to a user who may not change the device', async () => {
    const placed = device({ user_set_latitude: 54.7, user_set_longitude: 25.3 });
    renderDevicePage(PAGE, roleUser('read_only'), placed, BASE_API);
    expect(
      await screen.findByText('Placed on the map by a user at 54.7, 25.3'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set position' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pick on map' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });
});
