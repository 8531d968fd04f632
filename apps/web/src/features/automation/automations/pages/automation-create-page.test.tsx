import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  automation,
  currentLocation,
  lastBody,
  listOk,
  preview,
  renderWithSession,
  unprocessable,
} from '../test-utils';
import { AutomationCreatePage } from './automation-create-page';

const PAGE_URL = '/management/automations/create';
const CREATE = 'POST /api/automations';
const PREVIEW = 'POST /api/automations/preview';

type View = ReturnType<typeof renderCreate>;

function renderCreate(answers: { create?: () => Response; preview?: () => Response } = {}) {
  return renderWithSession(<AutomationCreatePage />, {
    url: PAGE_URL,
    path: PAGE_URL,
    user: roleUser('admin'),
    api: {
      [CREATE]:
        answers.create ??
        (() => jsonResponse(200, { success: true, data: automation({ id: 12 }) })),
      [PREVIEW]:
        answers.preview ??
        (() =>
          jsonResponse(200, {
            success: true,
            data: preview({ unreplayed_parameters: ['firmware_changed'] }),
          })),
      'GET /api/tags': () => listOk([{ id: 5, name: 'Depots' }]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      'GET /api/users': () => listOk([{ id: 7, email: 'ada@example.com' }]),
      'GET /api/devices': () => listOk([]),
    },
  });
}

const condition = (index: number) =>
  within(screen.getByRole('group', { name: `Condition ${index}` }));
type Scope = ReturnType<typeof condition>;

async function pick(view: View, input: HTMLElement, option: string | RegExp) {
  await view.user.click(input);
  await view.user.click(await screen.findByRole('option', { name: option }));
}

/** An input by the start of its label (required ones end with an asterisk); any role. */
const input = (scope: Scope, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const parameterInput = (scope: Scope) => input(scope, 'Parameter');

async function fillSignalRule(view: View) {
  await view.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Weak signal');
  const first = condition(1);
  await pick(view, parameterInput(first), 'Signal strength (dBm)');
  await pick(view, input(first, 'Operator'), '<');
  await view.user.type(input(first, 'Value'), '-110');
}

describe('AutomationCreatePage', { timeout: 30_000 }, () => {
  it('types the value input by the parameter', async () => {
    const view = renderCreate();
    const row = await waitFor(() => condition(1));

    await pick(view, parameterInput(row), 'Signal strength (dBm)');
    // A number with its unit, and a hysteresis for the threshold operator it starts with.
    // A number input keeps only what makes a number.
    await view.user.type(input(row, 'Value'), 'x-110');
    expect(input(row, 'Value')).toHaveValue('-110');
    expect(row.getAllByText('dBm').length).toBeGreaterThan(0);
    expect(input(row, 'Hysteresis')).toBeInTheDocument();

    await pick(view, parameterInput(row), 'Operator');
    // Another kind of value: the number is gone, text is taken as typed.
    expect(input(row, 'Value')).toHaveValue('');
    await view.user.type(input(row, 'Value'), 'Vodafone');
    expect(input(row, 'Value')).toHaveValue('Vodafone');
    expect(row.queryByLabelText(/^Hysteresis/)).not.toBeInTheDocument();

    await pick(view, parameterInput(row), 'Digital input');
    expect(input(row, 'Pin name')).toBeInTheDocument();
    await view.user.click(input(row, 'Value'));
    expect(await screen.findByRole('option', { name: '0 Low' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '1 High' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('option', { name: '1 High' }));

    await pick(view, parameterInput(row), 'Status');
    await view.user.click(input(row, 'Value'));
    expect(await screen.findByRole('option', { name: '0 Offline' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '1 Online' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('option', { name: '0 Offline' }));

    await pick(view, parameterInput(row), 'Firmware changed');
    expect(input(row, 'Value')).toHaveValue('Occurs');
  });

  it('shows a server error under the value of the second condition', async () => {
    const view = renderCreate({
      create: () =>
        unprocessable([
          {
            message: 'Value must be a number for parameter "temperature"',
            source: 'conditions_body.0.expression.1.value',
          },
          { message: 'Company is invalid', source: 'company_id' },
        ]),
    });
    await fillSignalRule(view);
    await view.user.click(screen.getByRole('button', { name: 'Add condition' }));
    const second = condition(2);
    await pick(view, parameterInput(second), /^Temperature/);
    await pick(view, input(second, 'Operator'), '>');
    await view.user.type(input(second, 'Value'), '70');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await second.findByText('Value must be a number for parameter "temperature"'),
    ).toBeInTheDocument();
    expect(input(second, 'Value')).toHaveAttribute('aria-invalid', 'true');
    expect(input(condition(1), 'Value')).not.toHaveAttribute('aria-invalid', 'true');
    // What names no input goes above the buttons; the toast says what failed.
    expect(screen.getByText('Company is invalid')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to create automation (Unprocessable Entity)'),
    ).toBeInTheDocument();
    const body = lastBody(view.calls, CREATE) as { conditions_body: unknown };
    expect(body.conditions_body).toEqual([
      {
        type: 'if',
        expression: [
          { parameter: 'signal', operator: '<', value: -110, joins_with: '&&' },
          { parameter: 'temperature', operator: '>', value: 70 },
        ],
        actions: [],
      },
    ]);
  });

  it('checks the rule with the contract before sending', async () => {
    const view = renderCreate();
    await view.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Weak signal');
    const first = condition(1);
    await pick(view, parameterInput(first), 'Signal strength (dBm)');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await first.findByText('Value must be a number for parameter "signal"'),
    ).toBeInTheDocument();
    expect(view.calls(CREATE)).toHaveLength(0);
  });

  it('previews the rule: how often it would have fired on the last 24 h', async () => {
    const view = renderCreate();
    await fillSignalRule(view);
    await view.user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(
      await screen.findByText('Would have fired 7 times on the last 24 h'),
    ).toBeInTheDocument();
    expect(screen.getByText('Resolved 5 times')).toBeInTheDocument();
    expect(screen.getByText('40 of 40 devices in scope evaluated')).toBeInTheDocument();
    expect(screen.getByText(/one reading a minute/)).toBeInTheDocument();
    expect(screen.getByText(/no history of them is stored: firmware_changed/)).toBeInTheDocument();
    const top = within(screen.getByRole('table', { name: 'Devices that fired most' }));
    expect(top.getByText('Depot router')).toBeInTheDocument();
    expect(lastBody(view.calls, PREVIEW)).toMatchObject({
      name: 'Weak signal',
      hours: 24,
      conditions_body: [{ expression: [{ parameter: 'signal', operator: '<', value: -110 }] }],
    });
    expect(view.calls(CREATE)).toHaveLength(0);
  });

  it('creates the rule with an in-app notification and opens it', async () => {
    const view = renderCreate();
    await fillSignalRule(view);
    await view.user.click(screen.getByRole('switch', { name: /^Only when the conditions hold/ }));
    const minutes = screen.getByRole('textbox', { name: /^For at least/ });
    await view.user.clear(minutes);
    await view.user.type(minutes, '5');
    await view.user.click(screen.getByRole('button', { name: 'Add action' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'In-app notification' }));
    const action = within(screen.getByRole('group', { name: 'Action 1: In-app notification' }));
    await view.user.type(action.getByRole('textbox', { name: /^Message/ }), 'Weak signal');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Automation created successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/management/automations/12'));
    expect(lastBody(view.calls, CREATE)).toMatchObject({
      name: 'Weak signal',
      enabled: true,
      delay_enabled: true,
      delay_duration: 300,
      conditions_body: [
        {
          actions: [
            {
              name: 'SendNotification',
              options: { message: 'Weak signal', receiving_users: ['7'] },
            },
          ],
        },
      ],
    });
  });
});
