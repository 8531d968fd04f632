import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseApiDate } from '@netfleet/contracts';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  actionStatusOpened,
  assignment,
  collectLog,
  dataCollectConfig,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
} from '../test-utils';
import { ConfigPage } from './config-page';

const PAGE_URL = '/monitoring-templates/data-collection/8';
const ASSIGN = 'PUT /api/data-collect/configs/assign';
const UNASSIGN = 'PUT /api/data-collect/configs/8/unassign';
const CUSTOM_DATA = 'GET /api/devices/42/custom-data';
const sent = (channel: string) => () => jsonResponse(200, { success: true, meta: { channel } });
const DEVICES = [
  { id: 42, name: 'Depot router' },
  { id: 43, name: 'Field gateway' },
];

function renderConfig(search = '', api: Record<string, MockHandler> = {}) {
  return renderWithSession(<ConfigPage />, {
    url: `${PAGE_URL}${search}`,
    path: '/monitoring-templates/data-collection/:id',
    user: roleUser('admin'),
    api: {
      'GET /api/data-collect/configs/8': () => ok(dataCollectConfig()),
      'GET /api/data-collect/configs/assigned': () =>
        listOk([assignment(), assignment({ device_id: 44, device_name: 'Pump', enabled: false })]),
      'GET /api/devices': () => listOk(DEVICES),
      [ASSIGN]: sent('dc-assign-1'),
      [UNASSIGN]: sent('dc-unassign-1'),
      ...api,
    },
  });
}

type View = ReturnType<typeof renderConfig>;

const rowOf = (name: string) =>
  within(screen.getByRole('cell', { name }).closest('tr') as HTMLElement);

async function pickDevice(view: View, form: ReturnType<typeof within>, name: string) {
  await view.user.click(form.getByLabelText(/^Devices/, { selector: 'input' }));
  await view.user.click(await screen.findByRole('option', { name }));
}

describe('ConfigPage', { timeout: 30_000 }, () => {
  it('shows the config and the devices collecting it', async () => {
    renderConfig();
    expect(await screen.findByRole('heading', { name: 'Signal' })).toBeInTheDocument();
    const details = within(screen.getByRole('table', { name: 'Config details' }));
    expect(details.getByText('Modem signal')).toBeInTheDocument();
    expect(details.getByText('5m')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/monitoring-templates/data-collection/edit/8',
    );
    await screen.findByRole('cell', { name: 'Depot router' });
    const depot = rowOf('Depot router');
    expect(depot.getByText('Yes')).toBeInTheDocument();
    expect(depot.getByText('2026-11-20 12:00:00')).toBeInTheDocument();
    expect(rowOf('Pump').getByText('No')).toBeInTheDocument();
  });

  it('assigns devices at a period and follows their jobs', async () => {
    const view = renderConfig();
    await view.user.click(await screen.findByRole('button', { name: 'Assign devices' }));
    const form = await dialog('Assign Signal');
    expect(form.getByRole('textbox', { name: /^Period/ })).toHaveValue('300');

    await view.user.click(form.getByRole('button', { name: 'Assign' }));
    expect(await form.findByText('Pick at least one device')).toBeInTheDocument();
    expect(view.calls(ASSIGN)).toHaveLength(0);

    await pickDevice(view, form, 'Depot router');
    await pickDevice(view, form, 'Field gateway');
    const period = form.getByRole('textbox', { name: /^Period/ });
    await view.user.clear(period);
    await view.user.type(period, '600');
    await view.user.click(form.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(view.calls(ASSIGN)).toHaveLength(1));
    expect(lastBody(view.calls, ASSIGN)).toEqual({
      configs: [{ id: 8, device_id: [42, 43], period: 600, enabled: true }],
    });
    expect(await screen.findByText('Devices assigned successfully')).toBeInTheDocument();
    expect(actionStatusOpened).toHaveBeenCalledWith('dc-assign-1', {
      title: 'Data collection: Signal',
      itemLabels: { '42': 'Depot router', '43': 'Field gateway' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Signal' })).toBeNull());
  });

  it("shows the server's refusal of a device under the picker", async () => {
    const view = renderConfig('', {
      [ASSIGN]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'The device collects the most configs it can already',
              source: 'configs.0.device_id.0',
            },
          ],
        }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Assign devices' }));
    const form = await dialog('Assign Signal');
    await pickDevice(view, form, 'Depot router');
    await view.user.click(form.getByRole('button', { name: 'Assign' }));
    expect(
      await form.findByText('The device collects the most configs it can already'),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Devices/, { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('unassigns the ticked devices once confirmed', async () => {
    const view = renderConfig();
    await view.user.click(await screen.findByRole('checkbox', { name: 'Select row 42' }));
    await view.user.click(screen.getByRole('button', { name: 'Unassign' }));
    const prompt = await dialog('Unassign devices');
    expect(
      prompt.getByText('Unassign 1 device from Signal? It stops collecting it.'),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls(UNASSIGN)).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Unassign' }));
    await view.user.click(
      (await dialog('Unassign devices')).getByRole('button', { name: 'Unassign' }),
    );
    await waitFor(() => expect(view.calls(UNASSIGN)).toHaveLength(1));
    expect(lastBody(view.calls, UNASSIGN)).toEqual({ device_id: [42] });
    expect(await screen.findByText('Devices unassigned')).toBeInTheDocument();
    expect(actionStatusOpened).toHaveBeenCalledWith('dc-unassign-1', {
      title: 'Data collection: Signal',
      itemLabels: { '42': 'Depot router' },
    });
  });

  it('shows the logs with the names of their devices', async () => {
    const view = renderConfig('?tab=logs', {
      'GET /api/data-collect/configs/logs': () =>
        listOk([
          collectLog(),
          collectLog({
            device_id: 43,
            device_name: 'Field gateway',
            log: ['Request failed: url [/gps], http code [404]'],
          }),
        ]),
    });
    expect(await screen.findByRole('tab', { name: 'Logs', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Field gateway' })).toBeInTheDocument();
    const depot = rowOf('Depot router');
    expect(depot.getByText(/no value found$/)).toBeInTheDocument();
    expect(depot.getByText('2026-11-20 12:05:00')).toBeInTheDocument();
    expect(screen.getByText('Request failed: url [/gps], http code [404]')).toBeInTheDocument();
    const [logsUrl] = view.calls('GET /api/data-collect/configs/logs')[0] ?? [];
    expect(String(logsUrl)).toContain('config_id=8');
  });

  it('counts the devices per value of a field and shows what one device sent', async () => {
    const view = renderConfig('?tab=data', {
      'GET /api/data-collect/data/graph': () => ok({ rsrp: { '-101': 1, '-95': 3 } }),
      [CUSTOM_DATA]: () =>
        listOk([
          {
            config_id: 8,
            data: { '/modems/status': { rsrp: -95, operator: 'Telia' } },
            created_at: '2026-11-20 12:00:00',
          },
        ]),
    });
    const values = await screen.findByRole('table', { name: 'Values of rsrp' });
    const rows = within(values).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('-953');
    expect(rows[2]).toHaveTextContent('-1011');
    const [graphUrl] = view.calls('GET /api/data-collect/data/graph')[0] ?? [];
    expect(decodeURIComponent(String(graphUrl))).toContain('field=8:/modems/status:rsrp');

    await view.user.click(screen.getByRole('combobox', { name: 'Device' }));
    await view.user.click(await screen.findByRole('option', { name: 'Depot router' }));
    const data = await screen.findByRole('table', { name: 'Data of Depot router' });
    expect(within(data).getByRole('columnheader', { name: 'operator' })).toBeInTheDocument();
    expect(await within(data).findByRole('cell', { name: 'Telia' })).toBeInTheDocument();
    expect(within(data).getByRole('cell', { name: '-95' })).toBeInTheDocument();
    const [dataUrl] = view.calls(CUSTOM_DATA)[0] ?? [];
    const query = new URL(String(dataUrl), 'http://localhost').searchParams;
    expect(query.get('config_id')).toBe('8');
    const [start, end] = ['start_date', 'end_date'].map((name) => query.get(name) ?? '');
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(parseApiDate(end ?? '') - parseApiDate(start ?? '')).toBe(24 * 60 * 60 * 1000);
  });
});
