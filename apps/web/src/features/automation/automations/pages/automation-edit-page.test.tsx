import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  automation,
  currentLocation,
  lastBody,
  listOk,
  renderWithSession,
  unprocessable,
} from '../test-utils';
import { AutomationEditPage } from './automation-edit-page';

const UPDATE = 'PUT /api/automations/12';

function renderEdit(update: () => Response = () => ok(null)) {
  return renderWithSession(<AutomationEditPage />, {
    url: '/management/automations/edit/12',
    path: '/management/automations/edit/:id',
    user: roleUser('admin'),
    api: {
      'GET /api/automations/12': () => jsonResponse(200, { success: true, data: automation() }),
      [UPDATE]: update,
      'GET /api/users': () => listOk([{ id: 7, email: 'ada@example.com' }]),
      'GET /api/tags': () => listOk([]),
      'GET /api/companies': () => listOk([]),
    },
  });
}

const input = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('AutomationEditPage', { timeout: 30_000 }, () => {
  it('starts from the saved rule and sends it back without its owner', async () => {
    const view = renderEdit();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Weak signal');
    const row = within(screen.getByRole('group', { name: 'Condition 1' }));
    expect(input(row, 'Value')).toHaveValue('-110');
    expect(input(row, 'Hysteresis')).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: /^For at least/ })).toHaveValue('5');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Automation updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/management/automations/12'));
    const body = lastBody(view.calls, UPDATE) as Record<string, unknown>;
    expect(body).not.toHaveProperty('company_id');
    expect(body).toMatchObject({ name: 'Weak signal', delay_duration: 300 });
  });

  it('puts an action option the server refuses under its input', async () => {
    const view = renderEdit(() =>
      unprocessable([
        {
          message: 'Pick a user of the device company',
          source: 'conditions_body.0.actions.0.options.receiving_users.0',
        },
      ]),
    );
    await screen.findByRole('textbox', { name: /^Name/ });
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    const action = within(screen.getByRole('group', { name: 'Action 1: In-app notification' }));
    expect(await action.findByText('Pick a user of the device company')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to update automation (Unprocessable Entity)'),
    ).toBeInTheDocument();
  });
});
