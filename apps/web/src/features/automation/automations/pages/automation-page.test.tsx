import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  automation,
  automationDevice,
  automationLog,
  currentLocation,
  dialog,
  lastBody,
  listOk,
  logDetail,
  renderWithSession,
} from '../test-utils';
import { AutomationPage } from './automation-page';

const PATH = '/management/automations/:id/:tab?';
const DEVICES = '/api/automations/12/devices';

function renderPage(url: string, role: 'admin' | 'read_only' = 'admin') {
  return renderWithSession(<AutomationPage />, {
    url,
    path: PATH,
    user: roleUser(role),
    api: {
      'GET /api/automations/12': () => jsonResponse(200, { success: true, data: automation() }),
      'GET /api/automations/12/logs': () => listOk([automationLog()]),
      'GET /api/automations/12/logs/ev-1': () => ok(logDetail()),
      [`GET ${DEVICES}`]: () => listOk([automationDevice()]),
      [`DELETE ${DEVICES}`]: () => ok(null),
      [`PUT ${DEVICES}/activation`]: () => ok(null),
    },
  });
}

describe('AutomationPage', { timeout: 30_000 }, () => {
  it('shows the rule with its switch, conditions and the devices it covers', async () => {
    renderPage('/management/automations/12');
    expect(await screen.findByRole('heading', { name: 'Weak signal' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(screen.getByText('signal < -110 dBm (hysteresis 3)')).toBeInTheDocument();
    expect(screen.getByText('2 active of 3')).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Devices covered' }));
    expect(await table.findByText('Depot router')).toBeInTheDocument();
    expect(table.getByText('2026-11-29 10:15:00')).toBeInTheDocument();
  });

  it('unassigns a device after a confirmation', async () => {
    const view = renderPage('/management/automations/12/devices');
    const table = within(await screen.findByRole('table', { name: 'Devices covered' }));
    await view.user.click(await table.findByRole('button', { name: /Depot router/ }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Unassign' }));
    const confirm = await dialog('Unassign devices');
    expect(confirm.getByText(/Unassign 1 device from Weak signal/)).toBeInTheDocument();
    expect(view.calls(`DELETE ${DEVICES}`)).toHaveLength(0);
    await view.user.click(confirm.getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(view.calls(`DELETE ${DEVICES}`)).toHaveLength(1));
    expect(lastBody(view.calls, `DELETE ${DEVICES}`)).toEqual([{ devices: [42] }]);
  });

  it('turns the rule off for one device', async () => {
    const view = renderPage('/management/automations/12');
    await view.user.click(await screen.findByRole('switch', { name: 'Evaluate on Depot router' }));
    await waitFor(() => expect(view.calls(`PUT ${DEVICES}/activation`)).toHaveLength(1));
    expect(lastBody(view.calls, `PUT ${DEVICES}/activation`)).toEqual([
      { enabled: false, devices: [42] },
    ]);
  });

  it('lists the evaluations and opens one with its parameters and actions', async () => {
    const view = renderPage('/management/automations/12/logs');
    const table = within(await screen.findByRole('table', { name: 'Evaluations' }));
    expect(await table.findByText('2026-11-29 10:15:00')).toBeInTheDocument();
    expect(table.getByText('signal: -118 dBm')).toBeInTheDocument();
    expect(table.getByText('failed')).toBeInTheDocument();

    await view.user.click(table.getByText('Depot router'));
    const detail = await dialog('Evaluation on Depot router');
    expect(await detail.findByText('signal: -118 dBm')).toBeInTheDocument();
    expect(detail.getByText('cond_0: held')).toBeInTheDocument();
    expect(detail.getByText('Depot router (1100000042)')).toBeInTheDocument();
    expect(detail.getByText('Failed')).toBeInTheDocument();
    expect(detail.getByText('SendEmail: mail server refused the recipient')).toBeInTheDocument();
  });

  it('goes to the logs tab by its path', async () => {
    const view = renderPage('/management/automations/12');
    await view.user.click(await screen.findByRole('tab', { name: 'Logs' }));
    await waitFor(() => expect(currentLocation()).toBe('/management/automations/12/logs'));
  });

  it('offers no edit, delete, assign or switches without the manage permission', async () => {
    renderPage('/management/automations/12', 'read_only');
    expect(await screen.findByRole('heading', { name: 'Weak signal' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign devices' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
  });
});
