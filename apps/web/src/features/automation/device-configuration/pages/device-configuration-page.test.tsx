import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  configAction,
  configTemplate,
  currentLocation,
  DEVICE_CONFIGURATION_URL,
  dialog,
  listOk,
  renderWithSession,
} from '../test-utils';
import { DeviceConfigurationPage } from './device-configuration-page';

const TEMPLATES = 'GET /api/devices/configurator/templates';
const ACTIONS = 'GET /api/devices/configurator/actions';
const office = configTemplate();
const anyDevice = configTemplate({
  id: 6,
  name: 'Syslog',
  version: '2.0.0',
  device_model: null,
  min_firmware: null,
  template: JSON.stringify([
    { path: '/system/main', method: 'put', request_data: { log_ip: '10.0.0.5' } },
  ]),
});

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderPage(api: Record<string, MockHandler> = {}, url = DEVICE_CONFIGURATION_URL) {
  return renderWithSession(<DeviceConfigurationPage />, {
    url,
    path: DEVICE_CONFIGURATION_URL,
    user: roleUser('admin'),
    api: {
      [TEMPLATES]: () => listOk([office, anyDevice]),
      [ACTIONS]: () => listOk([configAction()]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      ...api,
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

describe('DeviceConfigurationPage: templates', { timeout: 30_000 }, () => {
  it('lists the templates with the devices they are for, sorted by name', async () => {
    const view = renderPage();
    const table = await screen.findByRole('table', { name: 'Configuration templates' });
    await within(table).findByText('Office LAN');
    const lan = rowOf(table, 'Office LAN');
    expect(lan.getByText('1.2.0')).toBeInTheDocument();
    expect(lan.getByText('RUTX')).toBeInTheDocument();
    expect(lan.getByText('07.06 or later')).toBeInTheDocument();
    expect(lan.getByText('2')).toBeInTheDocument();
    const syslog = rowOf(table, 'Syslog');
    expect(syslog.getByText('Any model')).toBeInTheDocument();
    expect(syslog.getByText('Any firmware')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Templates', selected: true })).toBeInTheDocument();
    expect(queryOf(view.calls(TEMPLATES)[0]?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: 'name',
    });

    await view.user.click(within(table).getByRole('button', { name: 'Version' }));
    await waitFor(() =>
      expect(queryOf(view.calls(TEMPLATES).at(-1)?.[0])).toMatchObject({ sort: 'version' }),
    );
  });

  it('offers the first template when there is none, and opens its editor', async () => {
    const view = renderPage({ [TEMPLATES]: () => listOk([]) });
    expect(await screen.findByText('No configuration templates yet')).toBeInTheDocument();
    const create = screen.getAllByRole('button', { name: 'New template' });
    // The page's button and the empty state's call to action.
    expect(create).toHaveLength(2);
    await view.user.click(create[1] as HTMLElement);
    expect(await dialog('New template')).toBeTruthy();
  });

  it("deletes a template only after the prompt, and shows the server's refusal", async () => {
    const view = renderPage({
      'DELETE /api/devices/configurator/templates/5': () =>
        errorResponse(409, 'CONFLICT', 'A task group applies this template'),
      'DELETE /api/devices/configurator/templates/6': () => ok(),
    });
    await screen.findByText('Office LAN');
    await view.user.click(screen.getByRole('button', { name: 'Actions for Office LAN 1.2.0' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const prompt = await dialog('Delete template');
    expect(prompt.getByText('Delete template Office LAN 1.2.0?')).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('A task group applies this template')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Actions for Syslog 2.0.0' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Delete template')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Configuration template removed successfully'),
    ).toBeInTheDocument();
    expect(view.calls('DELETE /api/devices/configurator/templates/6')).toHaveLength(1);
  });

  it("applies a template from its row's menu", async () => {
    const view = renderPage({ 'GET /api/devices': () => listOk([]) });
    await screen.findByText('Office LAN');
    await view.user.click(screen.getByRole('button', { name: 'Actions for Office LAN 1.2.0' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Apply to devices' }));
    const apply = await dialog('Apply Office LAN');
    expect(apply.getByLabelText(/^Devices/, { selector: 'input' })).toBeInTheDocument();
  });
});

describe('DeviceConfigurationPage: activity', { timeout: 30_000 }, () => {
  it('lists the actions with their progress and opens one', async () => {
    const rollback = configAction({
      name: 'config-20261120-0002',
      kind: 'rollback',
      template_name: null,
      rollback_of: 'config-20261120-0001',
      devices: 1,
      completed: 1,
      pending: 0,
    });
    const view = renderPage({
      [ACTIONS]: () => listOk([rollback, configAction({ failed: 1, pending: 0, devices: 2 })]),
      'GET /api/devices/configurator/actions/config-20261120-0001': () => ok(configAction()),
      'GET /api/devices/configurator/actions/config-20261120-0001/devices': () => listOk([]),
    });
    await screen.findByText('Office LAN');
    await view.user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(currentLocation()).toBe(`${DEVICE_CONFIGURATION_URL}?tab=activity`);
    const table = await screen.findByRole('table', { name: 'Configuration activity' });
    await within(table).findByText('Rollback of config-20261120-0001');
    const first = rowOf(table, 'Office LAN');
    expect(first.getByText('Template')).toBeInTheDocument();
    expect(first.getByText('ada@example.com')).toBeInTheDocument();
    expect(first.getByText('1 done')).toBeInTheDocument();
    expect(first.getByText('1 failed')).toBeInTheDocument();
    expect(rowOf(table, 'Rollback of config-20261120-0001').getByText('Rollback')).toBeVisible();

    await view.user.click(first.getByText('1 failed'));
    expect(currentLocation()).toBe(
      `${DEVICE_CONFIGURATION_URL}?tab=activity&action=config-20261120-0001`,
    );
    expect(
      await screen.findByRole('heading', { name: 'config-20261120-0001' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activity', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      `${DEVICE_CONFIGURATION_URL}?tab=activity`,
    );
  });

  it('reads the counts again every 2 s while a device has yet to answer', async () => {
    let answer = 0;
    renderPage(
      {
        [ACTIONS]: () => {
          answer += 1;
          return listOk([
            answer === 1 ? configAction() : configAction({ completed: 2, pending: 0 }),
          ]);
        },
      },
      `${DEVICE_CONFIGURATION_URL}?tab=activity`,
    );
    expect(await screen.findByText('1 pending')).toBeInTheDocument();
    expect(await screen.findByText('2 done', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/pending/)).toBeNull();
  });
});
