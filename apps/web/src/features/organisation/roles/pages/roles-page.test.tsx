import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PERMISSION_CATALOGUE,
  roleAssignedMessage,
  type RolePermission,
} from '@netfleet/contracts';
import { errorResponse, jsonResponse, mockApi, ok } from '@/test/mock-api';
import { jsonBody, list, paramsOf, renderSignedIn, roleOf } from '../test-utils';
import { RolesPage } from './roles-page';

const LONG_TITLE = 'Regional operations and maintenance supervisors team';

const roles = [
  roleOf({
    id: 2,
    title: 'Administrator',
    name: 'admin',
    company_id: null,
    company_name: null,
    is_default: true,
    permissions_count: 55,
  }),
  roleOf({ id: 30, title: 'Operators', description: 'Day-to-day device work' }),
  roleOf({ id: 31, title: LONG_TITLE }),
];

const permissionRows = (enabled: string[]): RolePermission[] =>
  (['view_devices', 'view_reports', 'manage_reports'] as const).map((name) => ({
    id: null,
    name,
    title: PERMISSION_CATALOGUE[name],
    description: PERMISSION_CATALOGUE[name],
    created_at: null,
    category: name === 'view_devices' ? 'Devices and monitoring' : 'Reports',
    enabled: enabled.includes(name),
  }));

function stubApi() {
  return mockApi({
    'GET /api/storage': () => list([]),
    'GET /api/roles': () => list(roles),
    'GET /api/companies': () => list([{ id: 3, name: 'Acme' }]),
    'GET /api/roles/2/permissions': () => list(permissionRows(['view_devices', 'view_reports'])),
    'GET /api/roles/30/permissions': () => list(permissionRows(['view_devices'])),
    'POST /api/roles': () => jsonResponse(200, { success: true, data: roles[1] }),
    'PUT /api/roles/30': () => ok(roles[1]),
    'DELETE /api/roles/30': () => errorResponse(409, 'CONFLICT', roleAssignedMessage(2)),
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function menuItems(user: ReturnType<typeof renderSignedIn>['user'], title: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${title}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('RolesPage', () => {
  it('lists default roles with a badge and truncates long titles', async () => {
    const api = stubApi();
    renderSignedIn(<RolesPage />, { path: '/users/roles' });
    const table = await screen.findByRole('table', { name: 'Roles' });
    await within(table).findByText('Operators');
    expect(paramsOf(api.calls('GET /api/roles').at(-1))).toEqual({ limit: '25', offset: '0' });
    expect(within(rowOf('Administrator')).getByText('Default')).toBeInTheDocument();
    expect(within(rowOf('Administrator')).getByText('55')).toBeInTheDocument();
    expect(within(rowOf('Operators')).getByText('Acme')).toBeInTheDocument();
    expect(within(table).getByText(`${LONG_TITLE.slice(0, 45)}…`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New role' })).toBeInTheDocument();
  });

  it('filters default or custom roles', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await screen.findByText('Operators');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Company' }), 'custom');
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/roles').at(-1))).toMatchObject({ type: 'custom' }),
    );
  });

  it('offers no edit or delete on default roles', async () => {
    stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await screen.findByText('Operators');
    expect(await menuItems(user, 'Administrator')).toEqual(['Permissions']);
    await user.keyboard('{Escape}');
    expect(await menuItems(user, 'Operators')).toEqual(['Permissions', 'Edit', 'Delete']);
  });

  it("opens a role's read-only permissions on row click", async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await user.click(await screen.findByText('Administrator'));
    const dialog = await screen.findByRole('dialog', { name: /Administrator/ });
    expect(await within(dialog).findByText('view_reports')).toBeInTheDocument();
    expect(within(dialog).getByText('view_devices')).toBeInTheDocument();
    expect(within(dialog).queryByText('manage_reports')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.calls('GET /api/roles/2/permissions')).toHaveLength(1);
  });

  it('creates a role with the permissions ticked by category', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await screen.findByText('Operators');
    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Reporters');
    expect(within(dialog).getByRole('combobox', { name: /Company/ })).toHaveValue('Acme');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all Reports' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Search permissions' }), 'tags');
    await user.click(within(dialog).getByRole('checkbox', { name: 'view_tags' }));
    // Permissions the admin does not have cannot be granted.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Search permissions' }));
    expect(within(dialog).getByRole('checkbox', { name: 'super_admin' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));

    await waitFor(() => expect(api.calls('POST /api/roles')).toHaveLength(1));
    expect(jsonBody(api.calls('POST /api/roles')[0])).toEqual({
      title: 'Reporters',
      description: '',
      company_id: 3,
      permission_id: ['view_reports', 'manage_reports', 'view_tags'],
    });
    expect(await screen.findByText('Role created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('requires a title', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await screen.findByText('Operators');
    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByRole('textbox', { name: /Title/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls('POST /api/roles')).toHaveLength(0);
  });

  it('edits a custom role starting from its current permissions', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await screen.findByText('Operators');
    await menuItems(user, 'Operators');
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Operators' });
    const devices = await within(dialog).findByRole('checkbox', { name: 'view_devices' });
    expect(devices).toBeChecked();
    expect(within(dialog).queryByRole('combobox', { name: /Company/ })).not.toBeInTheDocument();
    await user.click(devices);
    await user.click(within(dialog).getByRole('checkbox', { name: 'view_reports' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /api/roles/30')).toHaveLength(1));
    expect(jsonBody(api.calls('PUT /api/roles/30')[0])).toEqual({
      title: 'Operators',
      description: 'Day-to-day device work',
      permission_id: ['view_reports'],
    });
    expect(await screen.findByText('Role updated successfully')).toBeInTheDocument();
  });

  it('says how many users still have a role it cannot delete', async () => {
    const api = stubApi();
    const { user } = renderSignedIn(<RolesPage />, { path: '/users/roles' });
    await screen.findByText('Operators');
    await menuItems(user, 'Operators');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete role' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role is assigned to 2 user(s)')).toBeInTheDocument();
    expect(api.calls('DELETE /api/roles/30')).toHaveLength(1);
  });

  it('hides New role and row clicks without the permissions', async () => {
    stubApi();
    const { user } = renderSignedIn(<RolesPage />, {
      path: '/users/roles',
      permissions: ['view_roles'],
    });
    await user.click(await screen.findByText('Operators'));
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
