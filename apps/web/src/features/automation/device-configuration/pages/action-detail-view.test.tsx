import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { RealtimeProvider } from '@/lib/realtime';
import { FakeSocket } from '@/test/fake-socket';
import { roleUser } from '@/test/fixtures';
import {
  actionDevice,
  configAction,
  currentLocation,
  DEVICE_CONFIGURATION_URL,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
} from '../test-utils';
import { DeviceConfigurationPage } from './device-configuration-page';

const NAME = 'config-20261120-0001';
const ACTION = `GET /api/devices/configurator/actions/${NAME}`;
const DEVICES = `GET /api/devices/configurator/actions/${NAME}/devices`;
const ROLLBACK = `POST /api/devices/configurator/actions/${NAME}/rollback`;
const ROLLBACK_NAME = 'config-20261120-0009';

const depot = actionDevice();
const gateway = actionDevice({
  device_id: 43,
  device_name: 'Field gateway',
  serial: '1100000043',
  model: 'RUTX50',
  status: 'running',
  changes: [],
  finished_at: null,
});

function renderAction(api: Record<string, MockHandler> = {}, socket = new FakeSocket()) {
  const page = (
    <RealtimeProvider connect={() => socket.asSocket()}>
      <DeviceConfigurationPage />
    </RealtimeProvider>
  );
  return renderWithSession(page, {
    url: `${DEVICE_CONFIGURATION_URL}?tab=activity&action=${NAME}`,
    path: DEVICE_CONFIGURATION_URL,
    user: roleUser('admin'),
    api: {
      [ACTION]: () => ok(configAction()),
      [DEVICES]: () => listOk([depot, gateway]),
      [ROLLBACK]: () =>
        jsonResponse(200, {
          success: true,
          meta: { channel: 'config-action-9', action_name: ROLLBACK_NAME },
        }),
      [`GET /api/devices/configurator/actions/${ROLLBACK_NAME}`]: () =>
        ok(
          configAction({
            name: ROLLBACK_NAME,
            kind: 'rollback',
            rollback_of: NAME,
            template_name: null,
            completed: 0,
            devices: 1,
          }),
        ),
      [`GET /api/devices/configurator/actions/${ROLLBACK_NAME}/devices`]: () => listOk([]),
      ...api,
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

describe('DeviceConfigurationPage: an action', { timeout: 30_000 }, () => {
  it('shows the action and each device, with its changes as a diff', async () => {
    const view = renderAction();
    expect(await screen.findByRole('heading', { name: NAME })).toBeVisible();
    expect(screen.getByText('put /network/lan')).toBeInTheDocument();
    expect(screen.getByText('post /firewall/ssh')).toBeInTheDocument();
    expect(screen.getByText('2 devices')).toBeInTheDocument();

    const devices = await screen.findByRole('table', { name: 'Devices' });
    await within(devices).findByText('Depot router');
    const depotRow = rowOf(devices, 'Depot router');
    expect(depotRow.getByText('1100000042')).toBeInTheDocument();
    expect(depotRow.getByText('Completed')).toBeInTheDocument();
    expect(depotRow.getByText('2026-11-20 12:00:30')).toBeInTheDocument();
    // Still working: no changes to show yet.
    expect(rowOf(devices, 'Field gateway').getByText('Running')).toBeInTheDocument();

    const toggle = depotRow.getByRole('button', { name: '3 changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByRole('table', { name: 'Changes on Depot router' });
    const ipaddr = rowOf(diff, 'ipaddr');
    expect(ipaddr.getByText('/network/lan')).toBeInTheDocument();
    expect(ipaddr.getByText('192.168.1.1').tagName).toBe('DEL');
    expect(ipaddr.getByText('192.168.10.1').tagName).toBe('INS');
    // Removed: only a struck-through before; added: only a highlighted after.
    const gatewayOption = rowOf(diff, 'gateway');
    expect(gatewayOption.getByText('192.168.1.254').tagName).toBe('DEL');
    expect(gatewayOption.queryByRole('insertion')).toBeNull();
    const port = rowOf(diff, 'dest_port');
    expect(port.getByText('22').tagName).toBe('INS');
    expect(port.queryByRole('deletion')).toBeNull();

    await view.user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Changes on Depot router' })).toBeNull();
  });

  it('rolls the whole action back after asking, then shows the rollback', async () => {
    const view = renderAction();
    await screen.findByRole('heading', { name: NAME });
    await view.user.click(screen.getByRole('button', { name: 'Roll back' }));
    const prompt = await dialog('Roll back configuration');
    expect(
      prompt.getByText(
        `Roll back ${NAME} on the 1 device that applied it? Each gets back the values it had before.`,
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls(ROLLBACK)).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Roll back' }));
    await view.user.click(
      (await dialog('Roll back configuration')).getByRole('button', { name: 'Roll back' }),
    );
    await waitFor(() => expect(view.calls(ROLLBACK)).toHaveLength(1));
    expect(lastBody(view.calls, ROLLBACK)).toEqual({});
    expect(await screen.findByText('Rollback sent successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentLocation()).toBe(
        `${DEVICE_CONFIGURATION_URL}?tab=activity&action=${ROLLBACK_NAME}`,
      ),
    );
    expect(await screen.findByRole('heading', { name: `Rollback of ${NAME}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NAME })).toHaveAttribute(
      'href',
      `${DEVICE_CONFIGURATION_URL}?tab=activity&action=${NAME}`,
    );
    // Nothing of the rollback has been applied yet: nothing to undo.
    expect(screen.getByRole('button', { name: 'Roll back' })).toBeDisabled();
  });

  it('rolls back the devices ticked', async () => {
    const view = renderAction();
    const devices = await screen.findByRole('table', { name: 'Devices' });
    await within(devices).findByText('Depot router');
    await view.user.click(within(devices).getByRole('checkbox', { name: 'Select row 42' }));
    await view.user.click(screen.getByRole('button', { name: 'Roll back selected' }));
    const prompt = await dialog('Roll back configuration');
    expect(
      prompt.getByText(
        `Roll back ${NAME} on 1 selected device? Each gets back the values it had before.`,
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(view.calls(ROLLBACK)).toHaveLength(1));
    expect(lastBody(view.calls, ROLLBACK)).toEqual({ device_id: [42] });
  });

  it('says why a rollback was refused, and stays on the action', async () => {
    const view = renderAction({
      [ROLLBACK]: () =>
        jsonResponse(400, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'No device finished this action: there is nothing to roll back',
              source: null,
            },
          ],
        }),
    });
    await screen.findByRole('heading', { name: NAME });
    await view.user.click(screen.getByRole('button', { name: 'Roll back' }));
    await view.user.click(
      (await dialog('Roll back configuration')).getByRole('button', { name: 'Roll back' }),
    );
    expect(
      await screen.findByText('No device finished this action: there is nothing to roll back'),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe(`${DEVICE_CONFIGURATION_URL}?tab=activity&action=${NAME}`);
  });

  it('reads the action and its devices again every 2 s until every device has answered', async () => {
    let reads = 0;
    const view = renderAction({
      [ACTION]: () => {
        reads += 1;
        return ok(reads === 1 ? configAction() : configAction({ completed: 2, pending: 0 }));
      },
    });
    expect(await screen.findByText('1 pending')).toBeInTheDocument();
    expect(await screen.findByText('2 done', {}, { timeout: 5000 })).toBeInTheDocument();
    // The devices are read once more as the action left them, then no more.
    await waitFor(() => expect(view.calls(DEVICES).length).toBeGreaterThan(1));
    const readsWhenDone = view.calls(ACTION).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(view.calls(ACTION)).toHaveLength(readsWhenDone);
  });

  it('reads the action at once when its status channel says a device has answered', async () => {
    const socket = new FakeSocket();
    let reads = 0;
    const view = renderAction(
      {
        [ACTION]: () => {
          reads += 1;
          return ok(reads === 1 ? configAction() : configAction({ completed: 2, pending: 0 }));
        },
      },
      socket,
    );
    const channel = configAction().channel ?? '';
    expect(await screen.findByText('1 pending')).toBeInTheDocument();
    await waitFor(() => expect(socket.subscribes(channel)).toHaveLength(1));
    socket.serverEmit('StatusUpdated', {
      channel,
      item: '43',
      update: { status: 'completed', value: 'Configuration applied' },
    });
    // Well before the next poll.
    expect(await screen.findByText('2 done', {}, { timeout: 1000 })).toBeInTheDocument();
    await waitFor(() => expect(view.calls(DEVICES).length).toBeGreaterThan(1));
    // Every device has answered: nothing more to hear.
    await waitFor(() => expect(socket.unsubscribes(channel)).toHaveLength(1));
  });

  it('shows what a read returned, with nothing to roll back', async () => {
    const view = renderAction({
      [ACTION]: () => ok(configAction({ kind: 'read', template_name: null, pending: 0 })),
      [DEVICES]: () =>
        listOk([
          actionDevice({
            changes: [],
            values: { network: { lan: { '.type': 'interface', proto: 'static' } } },
          }),
        ]),
    });
    const devices = await screen.findByRole('table', { name: 'Devices' });
    await within(devices).findByText('Depot router');
    expect(screen.queryByRole('button', { name: 'Roll back' })).toBeNull();
    expect(within(devices).queryByRole('checkbox')).toBeNull();
    await view.user.click(within(devices).getByRole('button', { name: 'Values' }));
    expect(screen.getByLabelText('Values read from Depot router')).toHaveTextContent(
      '"proto": "static"',
    );
  });
});
