import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
  template,
} from '../test-utils';
import { TemplateCreatePage } from './template-create-page';

const MEASURED = [
  'Static',
  'Hotspot',
  'GPS',
  'Input/Output',
  'Wireless',
  'Dynamic DNS',
  'VPN (L2TP)',
];

const conflict = () =>
  jsonResponse(409, {
    success: false,
    errors: [
      {
        code: 'CONFLICT',
        message: 'A monitoring template with this name already exists',
        source: 'name',
      },
    ],
  });

function renderCreate(answer = () => jsonResponse(201, { success: true, data: template() })) {
  return renderWithSession(<TemplateCreatePage />, {
    url: '/monitoring-templates/create',
    path: '/monitoring-templates/create',
    user: roleUser('admin'),
    api: {
      'POST /api/monitoring-templates': answer,
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
    },
  });
}

const rowOf = (label: string) =>
  within(screen.getByText(label, { selector: 'td' }).closest('tr') as HTMLElement);

describe('TemplateCreatePage', { timeout: 30_000 }, () => {
  it('starts with every parameter at its default period, cost and count', async () => {
    renderCreate();
    const table = await screen.findByRole('table', { name: 'Parameters' });
    expect(within(table).getAllByRole('switch')).toHaveLength(8);
    expect(screen.getByText('8 / 200')).toBeInTheDocument();
    const dynamic = rowOf('Dynamic');
    expect(dynamic.getByLabelText('Dynamic period in seconds')).toHaveValue('300');
    expect(dynamic.getByText('5 min')).toBeInTheDocument();
    // Spec §9 lists 430 bytes down and 1024 up a message: 288 messages a day.
    expect(dynamic.getByText('0.42 KB')).toBeInTheDocument();
    expect(dynamic.getByText('1 KB')).toBeInTheDocument();
    expect(dynamic.getByText('0.4 MB')).toBeInTheDocument();
    expect(rowOf('Static').getByText('15 days')).toBeInTheDocument();
    // netfleet's measured costs: the 4-byte PUBACK down, 160 bytes up, 288 messages a day.
    const gps = rowOf('GPS');
    expect(gps.getByText('0.004 KB')).toBeInTheDocument();
    expect(gps.getByText('0.156 KB')).toBeInTheDocument();
    expect(gps.getByText('0.05 MB')).toBeInTheDocument();
    // Every entry has its costs: no row shows a dash.
    for (const label of MEASURED) expect(rowOf(label).queryByText('—')).toBeNull();
  });

  it('updates the human period and the day estimate as the period changes', async () => {
    const view = renderCreate();
    const period = await screen.findByLabelText('Dynamic period in seconds');
    await view.user.clear(period);
    await view.user.type(period, '5400');
    expect(rowOf('Dynamic').getByText('1 h 30 min')).toBeInTheDocument();
    // 16 messages a day: 23264 bytes, shown in MB from 10240 bytes (spec §9).
    expect(rowOf('Dynamic').getByText('0.02 MB')).toBeInTheDocument();
  });

  it('asks before turning a parameter off, and counts only active ones', async () => {
    const view = renderCreate();
    const toggle = await screen.findByRole('switch', { name: 'Monitor GPS' });
    await view.user.click(toggle);
    const ask = await dialog('Turn off parameter');
    expect(ask.getByText(/Turn off GPS\?/)).toBeInTheDocument();
    await view.user.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(toggle).toBeChecked();

    await view.user.click(toggle);
    await view.user.click(
      (await dialog('Turn off parameter')).getByRole('button', { name: 'Turn off' }),
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText('7 / 200')).toBeInTheDocument();
  });

  it('asks before removing a parameter, which can be added back', async () => {
    const view = renderCreate();
    await view.user.click(await screen.findByRole('button', { name: 'Remove Wireless' }));
    await view.user.click(
      (await dialog('Remove parameter')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByText('Wireless', { selector: 'td' })).toBeNull());
    expect(screen.getByText('7 / 200')).toBeInTheDocument();
    await view.user.click(screen.getByRole('combobox', { name: 'Add parameter' }));
    await view.user.click(await screen.findByRole('option', { name: 'Wireless' }));
    expect(await screen.findByText('Wireless', { selector: 'td' })).toBeInTheDocument();
  });

  it('refuses a period out of range next to the field and sends nothing', async () => {
    const view = renderCreate();
    await view.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Fast');
    const period = screen.getByLabelText('Dynamic period in seconds');
    await view.user.clear(period);
    await view.user.type(period, '30');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Period must be a whole number of seconds from 60 to 31536000'),
    ).toBeInTheDocument();
    expect(view.calls('POST /api/monitoring-templates')).toHaveLength(0);
  });

  it('creates the template for the chosen company and goes back to the list', async () => {
    const view = renderCreate();
    await view.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Fast');
    await view.user.type(screen.getByRole('textbox', { name: 'Description' }), 'Quick');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/monitoring-templates'));
    const body = lastBody(view.calls, 'POST /api/monitoring-templates') as {
      company_id: number;
      name: string;
      description: string;
      parameters: unknown[];
    };
    expect(body).toMatchObject({ company_id: 3, name: 'Fast', description: 'Quick' });
    expect(body.parameters).toHaveLength(8);
    expect(body.parameters[0]).toEqual({ key: 'dynamic', period: 300, enabled: true });
    expect(await screen.findByText('Monitoring template created successfully')).toBeInTheDocument();
  });

  it('shows a server error under its field and stays', async () => {
    const view = renderCreate(conflict);
    await view.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Fast');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A monitoring template with this name already exists'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(currentLocation()).toBe('/monitoring-templates/create');
  });
});
