import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  configTemplate,
  currentLocation,
  DEVICE_CONFIGURATION_URL,
  devicePick,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
} from '../test-utils';
import { openApplyDialog } from './apply-dialog';

const USE = 'POST /api/devices/configurator/templates/5/use';
const depot = devicePick();
const gateway = devicePick({
  id: 43,
  name: 'Field gateway',
  model: 'RUTX50',
  firmware: 'RUTX_R_00.07.08',
});
const oldRouter = devicePick({ id: 44, name: 'Old router', model: 'RUT241', firmware: null });
const sent = () =>
  jsonResponse(200, {
    success: true,
    meta: { channel: 'config-action-7', action_name: 'config-20261120-0007' },
  });

async function openApply(api: Record<string, MockHandler> = {}) {
  const view = renderWithSession(
    <button onClick={() => openApplyDialog(configTemplate())}>Open</button>,
    {
      url: DEVICE_CONFIGURATION_URL,
      path: DEVICE_CONFIGURATION_URL,
      user: roleUser('admin'),
      api: {
        'GET /api/devices': () => listOk([depot, gateway, oldRouter]),
        [USE]: sent,
        ...api,
      },
    },
  );
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, form: await dialog('Apply Office LAN') };
}

type View = Awaited<ReturnType<typeof openApply>>['view'];
type Scope = Awaited<ReturnType<typeof dialog>>;

async function pick(view: View, form: Scope, name: string) {
  await view.user.click(form.getByLabelText(/^Devices/, { selector: 'input' }));
  await view.user.click(await screen.findByRole('option', { name }));
}

describe('Apply dialog', { timeout: 30_000 }, () => {
  it('asks to confirm, then sends the template and shows the new action', async () => {
    const { view, form } = await openApply();
    expect(form.getByText('RUTX, 07.06 or later · 2 requests')).toBeInTheDocument();
    await pick(view, form, 'Depot router');
    await pick(view, form, 'Field gateway');

    await view.user.click(form.getByRole('button', { name: 'Apply' }));
    const prompt = await dialog('Apply configuration');
    expect(
      prompt.getByText(
        'Apply Office LAN 1.2.0 (2 requests) to 2 devices? Each device applies all of it, or none if one change is refused.',
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls(USE)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Apply Office LAN' })).toBeInTheDocument();

    await view.user.click(form.getByRole('button', { name: 'Apply' }));
    await view.user.click(
      (await dialog('Apply configuration')).getByRole('button', { name: 'Apply' }),
    );
    await waitFor(() => expect(view.calls(USE)).toHaveLength(1));
    expect(lastBody(view.calls, USE)).toEqual({ device_id: [42, 43] });
    expect(await screen.findByText('Configuration sent successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentLocation()).toBe(
        `${DEVICE_CONFIGURATION_URL}?tab=activity&action=config-20261120-0007`,
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Apply Office LAN' })).toBeNull(),
    );
  });

  it('names the devices the template is not for before sending anything', async () => {
    const { view, form } = await openApply();
    await view.user.click(form.getByRole('button', { name: 'Apply' }));
    expect(await form.findByText('Name at least one device')).toBeInTheDocument();

    await pick(view, form, 'Old router');
    const misfits = await form.findByText('These devices cannot take the template');
    expect(misfits).toBeInTheDocument();
    expect(form.getByText('Old router: The template is for RUTX, not RUT241')).toBeInTheDocument();
    await view.user.click(form.getByRole('button', { name: 'Apply' }));
    expect(
      await form.findByText('Remove the devices that cannot take the template'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Apply configuration' })).toBeNull();

    // Taking it out again clears the refusal.
    await pick(view, form, 'Old router');
    await waitFor(() =>
      expect(form.queryByText('Remove the devices that cannot take the template')).toBeNull(),
    );
    expect(form.queryByText('These devices cannot take the template')).toBeNull();
    expect(view.calls(USE)).toHaveLength(0);
  });

  it("shows the server's refusal of a device under the picker, naming the device", async () => {
    const { view, form } = await openApply({
      [USE]: () =>
        jsonResponse(400, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'The device runs 07.05.4; the template needs 07.06 or later',
              source: 'device_id.1',
            },
          ],
        }),
    });
    await pick(view, form, 'Depot router');
    await pick(view, form, 'Field gateway');
    await view.user.click(form.getByRole('button', { name: 'Apply' }));
    await view.user.click(
      (await dialog('Apply configuration')).getByRole('button', { name: 'Apply' }),
    );

    expect(
      await form.findByText(
        'Field gateway: The device runs 07.05.4; the template needs 07.06 or later',
      ),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Devices/, { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(currentLocation()).toBe(DEVICE_CONFIGURATION_URL);
  });
});
