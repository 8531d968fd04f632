import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { WifiPage } from '../pages/wifi-page';
import { listOk, renderWithSession, wirelessInterface } from '../test-utils';
import { WIFI_QR_TEXTS as T } from '../texts';

describe('Wi-Fi list: QR code', () => {
  it("opens a row's network in the 'Wi-Fi QR code' dialog, with no key filled in", async () => {
    const view = renderWithSession(<WifiPage />, {
      url: '/management/wifi',
      path: '/management/wifi',
      user: roleUser('admin', { company_id: 3 }),
      api: {
        'GET /api/wireless': () => listOk([wirelessInterface({ ssid: 'Depot Wi-Fi' })]),
        'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      },
    });
    await view.user.click(
      await screen.findByRole('button', {
        name: new RegExp(T.rowActions('Depot Wi-Fi', 'Depot router')),
      }),
    );
    await view.user.click(await screen.findByRole('menuitem', { name: T.open }));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    expect(dialog).toHaveTextContent(T.subtitle('Depot Wi-Fi', 'Depot router'));
    expect(screen.getByLabelText(new RegExp(`^${T.key}`), { selector: 'input' })).toHaveValue('');
  });
});
