import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ESIM_MESSAGES, type StatusUpdate } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { errorResponse, jsonResponse, ok } from '@/test/mock-api';
import { DEVICE_TEXTS as T } from '../texts';
import { device, renderDevicePage } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const PAGE = '/devices/42/network';
const CHECK = 'GET /api/devices/42/check/esim-bootstrap';
const CHANNEL = 'private-status.7.abcdefghijklmnop';
const READ = `GET /api/status/channel/${CHANNEL}`;
const BOOTSTRAP_ICCID = '8999001100000800';
const esimDevice = device({ has_esim: true, model: 'RUTX50' });
const history = () => ok([{ device_id: 42, signal: null, readings: {} }]);
const started: StatusUpdate = { status: 'started', value: ESIM_MESSAGES.bootstrapAsking };

/** The channel answers `updates` in turn, one more on each read (the last stays). */
const channelOf = (...steps: StatusUpdate[][]) => {
  let read = 0;
  return () => ok({ '42': steps[Math.min(read++, steps.length - 1)] });
};

const render = (api: Parameters<typeof renderDevicePage>[3]) =>
  renderDevicePage(PAGE, admin, esimDevice, {
    'GET /api/devices/42/information-history': history,
    [CHECK]: () => jsonResponse(200, { success: true, meta: { channel: CHANNEL } }),
    ...api,
  });

const startCheck = async (view: ReturnType<typeof render>) =>
  view.user.click(await screen.findByRole('button', { name: T.esimBootstrapCheck }));

describe('Network tab: eSIM bootstrap check', { timeout: 30_000 }, () => {
  it('asks the device and shows its bootstrap profile once it answers on the channel', async () => {
    const status = {
      bootstrap: { iccid: `${BOOTSTRAP_ICCID}000`, provider: 'Sim Vendor', enabled: true },
      operational_profile: false,
    };
    const view = render({
      [READ]: channelOf(
        [started],
        [started, { status: 'completed', value: JSON.stringify(status) }],
      ),
    });
    await startCheck(view);
    expect(await screen.findByText(T.esimBootstrapAsking)).toBeVisible();
    // Polled until the device answered.
    const table = within(await screen.findByRole('table', { name: T.esimBootstrap }));
    expect(table.getByRole('row', { name: `${T.iccid} ${BOOTSTRAP_ICCID}000` })).toBeVisible();
    expect(table.getByRole('row', { name: `${T.esimProvider} Sim Vendor` })).toBeVisible();
    expect(table.getByRole('row', { name: `${T.state} ${T.esimBootstrapInUse}` })).toBeVisible();
    expect(
      table.getByRole('row', { name: `${T.esimOperationalProfile} ${T.esimOperationalNone}` }),
    ).toBeVisible();
    expect(view.calls(CHECK)).toHaveLength(1);
    expect(view.calls(READ).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(T.esimBootstrapAsking)).toBeNull();
  });

  it('says when the eSIM holds no bootstrap profile', async () => {
    const status = { bootstrap: null, operational_profile: true };
    const view = render({
      [READ]: channelOf([started, { status: 'completed', value: JSON.stringify(status) }]),
    });
    await startCheck(view);
    const table = within(await screen.findByRole('table', { name: T.esimBootstrap }));
    expect(
      table.getByRole('row', { name: `${T.esimBootstrap} ${T.esimBootstrapNone}` }),
    ).toBeVisible();
    expect(
      table.getByRole('row', { name: `${T.esimOperationalProfile} ${T.esimOperationalInstalled}` }),
    ).toBeVisible();
  });

  it("shows the device's failure, and an offline device, in words", async () => {
    const view = render({
      [READ]: channelOf([
        started,
        { status: 'error', value: ESIM_MESSAGES.bootstrapTimeout, errorcode: 'DEVICE_TIMEOUT' },
      ]),
    });
    await startCheck(view);
    expect(await screen.findByText(T.esimBootstrapProblems.bootstrapTimeout)).toBeVisible();
    expect(screen.getByText(T.esimBootstrapFailed)).toBeVisible();
    expect(screen.queryByRole('table', { name: T.esimBootstrap })).toBeNull();
    view.unmount();

    const offline = render({
      [CHECK]: () => errorResponse(409, ERROR_CODES.DEVICE_OFFLINE, ESIM_MESSAGES.bootstrapOffline),
    });
    await startCheck(offline);
    expect(await screen.findByText(T.esimBootstrapProblems.bootstrapOffline)).toBeVisible();
    expect(offline.calls(READ)).toHaveLength(0);
  });
});
