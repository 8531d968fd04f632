// Test-only: a device services dialog opened over a page, with the device's configuration read
// and configure answered by a mocked API.
import { screen } from '@testing-library/react';
import type { ConfigActionDevice, ConfigFile, CurrentUser } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { dialog, listOk, renderWithSession } from '@/test/render-route';
import type { ServicesDevice } from './components/types';

export { lastBody } from '@/test/render-route';

export const DEVICE: ServicesDevice = { id: 11, name: 'Gate router' };
export const READ = 'POST /api/devices/configurator/configuration';
export const CONFIGURE = 'POST /api/devices/configurator/configure';
export const READ_DEVICES = 'GET /api/devices/configurator/actions/read-1/devices';
export const CONFIGURE_DEVICES = 'GET /api/devices/configurator/actions/configure-1/devices';

export const started = (actionName: string) => () =>
  jsonResponse(200, {
    success: true,
    data: [],
    meta: { channel: 'status-9', action_name: actionName },
  });

export function actionDevice(overrides: Partial<ConfigActionDevice> = {}): ConfigActionDevice {
  return {
    device_id: DEVICE.id,
    device_name: DEVICE.name,
    serial: '1100000011',
    model: 'RUTX11',
    status: 'completed',
    message: null,
    changes: [],
    values: null,
    finished_at: '2026-11-30 12:00:00',
    ...overrides,
  };
}

/** Opens the dialog; the device answers the read of `config` with `file`. */
export async function openServicesDialog(
  build: (device: ServicesDevice) => DialogOptions,
  title: RegExp,
  user: CurrentUser,
  config: string,
  file: ConfigFile,
  api: Record<string, MockHandler> = {},
) {
  const view = renderWithSession(
    <button onClick={() => dialogs.open(build(DEVICE))}>Open</button>,
    {
      url: '/management/devices/11',
      path: '/management/devices/:id',
      user,
      api: {
        [READ]: started('read-1'),
        [READ_DEVICES]: () => listOk([actionDevice({ values: { [config]: file } })]),
        ...api,
      },
    },
  );
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, scope: await dialog(title) };
}
