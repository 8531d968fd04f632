import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EsimProfileReading } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok } from '@/test/mock-api';
import { DEVICE_TEXTS as T } from '../texts';
import { device, dialog, lastBody, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/network';
const POST = 'POST /api/devices/42/esim/profiles';
const CHANNEL = { success: true, meta: { channel: 'private-status.7.abc' } };
const ENABLED = '8937000000000000001';
const SPARE = '8937000000000000002';
const profiles: EsimProfileReading[] = [
  { iccid: ENABLED, name: 'IoT', operator: 'Telia', state: 'enabled' },
  { iccid: SPARE, name: 'Travel', operator: 'Roam Ltd', state: 'disabled' },
];
const history = (esim: EsimProfileReading[] | undefined) => () =>
  ok([
    {
      device_id: 42,
      signal: null,
      readings: {
        static: {
          datetime: '2026-11-20T10:00:00.000Z',
          data: {
            hostname: 'RUTX50-0001',
            lan_ip: '192.168.1.1',
            sims: [],
            ...(esim ? { esim_profiles: esim } : {}),
          },
        },
      },
    },
  ]);
const esimDevice = device({ has_esim: true, model: 'RUTX50' });

const openDialog = async (user: { click: (element: Element) => Promise<void> }) => {
  await user.click(await screen.findByRole('button', { name: T.esimConfiguration }));
  return dialog(T.esimConfiguration);
};

describe('Network tab: eSIM', { timeout: 30_000 }, () => {
  it('lists the profiles the device reports, only for has_esim devices', async () => {
    renderDevicePage(PAGE, admin, esimDevice, {
      'GET /api/devices/42/information-history': history(profiles),
    });
    const table = within(await screen.findByRole('table', { name: T.esimProfiles }));
    expect(table.getByRole('row', { name: `${ENABLED} IoT Telia ${T.enabled}` })).toBeVisible();
    expect(
      table.getByRole('row', { name: `${SPARE} Travel Roam Ltd ${T.disabled}` }),
    ).toBeVisible();
  });

  it('says so when the device has not reported them, and shows nothing without an eSIM', async () => {
    const view = renderDevicePage(PAGE, admin, esimDevice, {
      'GET /api/devices/42/information-history': history(undefined),
    });
    expect(await screen.findByText(T.esimNotReported)).toBeVisible();
    view.unmount();
    renderDevicePage(PAGE, admin, device({ has_esim: false }), {
      'GET /api/devices/42/information-history': history(profiles),
    });
    expect(await screen.findByText('RUTX50-0001')).toBeVisible();
    expect(screen.queryByRole('button', { name: T.esimConfiguration })).toBeNull();
  });

  it('adds a profile from a checked activation code', async () => {
    const view = renderDevicePage(PAGE, admin, esimDevice, {
      'GET /api/devices/42/information-history': history(profiles),
      [POST]: () => jsonResponse(200, CHANNEL),
    });
    const scope = await openDialog(view.user);
    const code = scope.getByLabelText(new RegExp(`^${T.esimActivationCode}`), {
      selector: 'input',
    });
    await view.user.type(code, 'LPA:1$localhost$ABC');
    await view.user.click(scope.getByRole('button', { name: T.esimAdd }));
    expect(await scope.findByText(T.esimIssues.activationAddress)).toBeVisible();
    expect(view.calls(POST)).toHaveLength(0);

    // A code ending in $1 asks for the operator's confirmation code too.
    await view.user.clear(code);
    await view.user.type(code, 'LPA:1$smdp.example.com$ABC-123$$1');
    const confirmation = await scope.findByLabelText(new RegExp(`^${T.esimConfirmationCode}`), {
      selector: 'input',
    });
    await view.user.click(scope.getByRole('button', { name: T.esimAdd }));
    expect(await scope.findByText(T.esimConfirmationRequired)).toBeVisible();
    await view.user.type(confirmation, '4711');
    await view.user.click(scope.getByRole('button', { name: T.esimAdd }));
    await waitFor(() => expect(view.calls(POST)).toHaveLength(1));
    expect(lastBody(view.calls, POST)).toEqual({
      action: 'add',
      activation_code: 'LPA:1$smdp.example.com$ABC-123$$1',
      confirmation_code: '4711',
    });
    await waitFor(() => expect(code).toHaveValue(''));
  });

  it('enables, disables and (after confirming) deletes profiles by ICCID', async () => {
    const view = renderDevicePage(PAGE, admin, esimDevice, {
      'GET /api/devices/42/information-history': history(profiles),
      [POST]: () => jsonResponse(200, CHANNEL),
    });
    const scope = await openDialog(view.user);
    const rowMenu = (iccid: string) =>
      scope.findByRole('button', { name: new RegExp(T.esimRowActions(iccid)) });

    await view.user.click(await rowMenu(SPARE));
    await view.user.click(await screen.findByRole('menuitem', { name: T.esimEnable }));
    await waitFor(() => expect(view.calls(POST)).toHaveLength(1));
    expect(lastBody(view.calls, POST)).toEqual({ action: 'enable', iccid: SPARE });

    await view.user.click(await rowMenu(ENABLED));
    // The enabled profile can only be disabled.
    expect(screen.queryByRole('menuitem', { name: T.esimDelete })).toBeNull();
    await view.user.click(await screen.findByRole('menuitem', { name: T.esimDisable }));
    await waitFor(() => expect(view.calls(POST)).toHaveLength(2));
    expect(lastBody(view.calls, POST)).toEqual({ action: 'disable', iccid: ENABLED });

    await view.user.click(await rowMenu(SPARE));
    await view.user.click(await screen.findByRole('menuitem', { name: T.esimDelete }));
    const confirm = await dialog(T.esimDeleteTitle);
    expect(confirm.getByText(T.esimDeleteConfirm(SPARE))).toBeVisible();
    await view.user.click(confirm.getByRole('button', { name: T.esimDelete }));
    await waitFor(() => expect(view.calls(POST)).toHaveLength(3));
    expect(lastBody(view.calls, POST)).toEqual({ action: 'delete', iccid: SPARE });
  });
});
