import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { automation, dialog, lastBody, listOk, renderWithSession } from '../test-utils';
import { AutomationsPage } from './automations-page';

const URL = '/management/automations';
const LIST = 'GET /api/automations';
const ACTIVATE = 'PUT /api/automations/activate';

function renderList(rows = [automation()], role: 'admin' | 'read_only' = 'admin') {
  return renderWithSession(<AutomationsPage />, {
    url: URL,
    path: URL,
    user: roleUser(role),
    api: {
      [LIST]: () => listOk(rows),
      [ACTIVATE]: () => ok(null),
      'DELETE /api/automations/12': () => ok(null),
    },
  });
}

describe('AutomationsPage', { timeout: 30_000 }, () => {
  it('lists the rules with their devices, triggers and last reset', async () => {
    renderList();
    const table = within(await screen.findByRole('table', { name: 'Automations' }));
    expect(await table.findByRole('link', { name: 'Weak signal' })).toHaveAttribute(
      'href',
      '/management/automations/12',
    );
    expect(table.getByText('2 active of 3')).toBeInTheDocument();
    expect(table.getByText('2026-11-29 00:00:00')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create automation' }).length).toBeGreaterThan(0);
  });

  it('offers the first rule when there is none', async () => {
    renderList([]);
    expect(await screen.findByText('No automations yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create automation' })).toHaveLength(2);
  });

  it('turns a rule off through the activate endpoint', async () => {
    const view = renderList();
    await view.user.click(await screen.findByRole('switch', { name: 'Enable Weak signal' }));
    await waitFor(() => expect(view.calls(ACTIVATE)).toHaveLength(1));
    expect(lastBody(view.calls, ACTIVATE)).toEqual([{ enabled: false, automations: [12] }]);
    expect(await screen.findByText('Automation disabled')).toBeInTheDocument();
  });

  it('deletes a rule after a confirmation', async () => {
    const view = renderList();
    await view.user.click(await screen.findByRole('button', { name: /Weak signal/ }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await dialog('Delete automation');
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Automation removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/automations/12')).toHaveLength(1);
  });

  it('gates the writes behind the manage permission', async () => {
    renderList([automation()], 'read_only');
    expect(await screen.findByRole('switch', { name: 'Enable Weak signal' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Create automation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Weak signal/ })).not.toBeInTheDocument();
  });
});
