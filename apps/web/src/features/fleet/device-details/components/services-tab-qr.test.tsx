import { configure, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs, registerNamedDialogs } from '@/components/dialogs';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { DEVICE_TEXTS as T } from '../texts';
import { device, listOk, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const opened = vi.fn((target: { ssid: string }) => ({
  id: 'qr',
  title: `QR ${target.ssid}`,
  content: null,
}));
const unregister = registerNamedDialogs({ 'wifi.qr-code': opened });
afterEach(() => {
  opened.mockClear();
});
afterAll(() => unregister());

describe('Services tab: Wi-Fi QR code', { timeout: 30_000 }, () => {
  it("opens the 'Wi-Fi QR code' dialog by name for a reported SSID", async () => {
    const view = renderDevicePage(
      '/devices/42/services',
      roleUser('admin'),
      device({ has_wifi: true, name: 'Depot router' }),
      {
        'GET /api/credits/types': () => listOk([]),
        'GET /api/devices/42/information-history': () =>
          ok([
            {
              device_id: 42,
              signal: null,
              readings: {
                wireless: {
                  datetime: '2026-11-20T10:00:00.000Z',
                  data: {
                    interfaces: [
                      { ssid: 'Depot', band: '5GHz', channel: 36, clients: 2, enabled: true },
                    ],
                  },
                },
              },
            },
          ]),
      },
    );
    await view.user.click(await screen.findByRole('button', { name: T.wifiQrCode('Depot') }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith({ ssid: 'Depot', device_name: 'Depot router' }),
    );
    dialogs.closeAll();
  });
});
