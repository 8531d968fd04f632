import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchemaForm, type FormDefinition } from '@/components/schema-form';
import { roleUser } from '@/test/fixtures';
import { mockApi, ok, userOk } from '@/test/mock-api';
import { usersForms } from './index';
import { companies, rolesByCompany } from '../test-data';
import { jsonBody, pickerHandlers, renderSignedIn } from '../test-utils';
import { assignSsoAdministratorForm } from './assign-sso-administrator';
import { changeRoleForm } from './change-role';
import { deleteUserForm } from './delete-user';
import { inviteNewCompanyForm } from './invite-new-company';
import { inviteUserForm } from './invite-user';
import { removeFromSuppressionListForm } from './remove-from-suppression-list';
import { removeMfaForm } from './remove-mfa';

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

const decoded = (calls: unknown[][]) => calls.map(([url]) => decodeURIComponent(String(url)));

describe('usersForms', () => {
  it('registers every form under its URL name', () => {
    expect(Object.keys(usersForms).sort()).toEqual([
      'assign-sso-administrator',
      'change-role',
      'delete-user',
      'invite-new-company',
      'invite-user',
      'move-users',
      'remove-from-suppression-list',
      'remove-mfa',
    ]);
    for (const [name, form] of Object.entries(usersForms)) expect(form.name).toBe(name);
  });
});

describe('invite-user', () => {
  it('lists the roles inviteable in the company, and a company change clears the role', async () => {
    const api = mockApi({
      ...pickerHandlers(companies, rolesByCompany),
      'POST /api/users/invite': () => ok({}),
    });
    const { user } = renderSignedIn(
      <SchemaForm definition={inviteUserForm} initialValues={{ company_id: 3 }} />,
    );
    await waitFor(() =>
      expect(decoded(api.calls('GET /api/roles'))).toContain(
        '/api/roles?inviteable=true&company_id=3&limit=100',
      ),
    );
    await user.click(input('Role'));
    await user.click(await screen.findByRole('option', { name: 'Acme operator' }));
    expect(input('Role')).toHaveValue('Acme operator');

    await user.click(input('Company'));
    await user.click(await screen.findByRole('option', { name: 'Acme Child' }));
    expect(input('Role')).toHaveValue('');
    await waitFor(() =>
      expect(decoded(api.calls('GET /api/roles'))).toContain(
        '/api/roles?inviteable=true&company_id=4&limit=100',
      ),
    );
    await user.click(input('Role'));
    expect(await screen.findByRole('option', { name: 'Field engineer' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Acme operator' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Field engineer' }));
    await user.type(input('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(api.calls('POST /api/users/invite')).toHaveLength(1));
    expect(jsonBody(api.calls('POST /api/users/invite')[0])).toEqual({
      company_id: 4,
      email: 'new@example.com',
      role: 40,
    });
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
  });

  it('requires the company, the e-mail and the role', async () => {
    const api = mockApi(pickerHandlers(companies, rolesByCompany));
    const { user } = renderSignedIn(
      <SchemaForm definition={inviteUserForm} initialValues={{ company_id: 3 }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.calls('POST /api/users/invite')).toHaveLength(0);
  });

  it('starts in the company named by the URL, else in the signed-in user’s', async () => {
    const load = inviteUserForm.initialValues;
    if (!load) throw new Error('invite-user has no initialValues');
    mockApi({ 'GET /api/user': () => userOk(roleUser('admin', { company_id: 8 })) });
    window.history.pushState({}, '', '/forms/invite-user?company_id=5');
    expect(await load()).toEqual({ company_id: 5 });
    window.history.pushState({}, '', '/forms/invite-user');
    expect(await load()).toEqual({ company_id: 8 });
    window.history.pushState({}, '', '/');
  });
});

describe('change-role', () => {
  it("offers the roles of the user's company and puts the chosen one", async () => {
    const api = mockApi({
      ...pickerHandlers(companies, rolesByCompany),
      'PUT /api/users/10/role': () => ok({}),
    });
    const { user } = renderSignedIn(
      <SchemaForm
        definition={changeRoleForm}
        id="10"
        initialValues={{ company_id: 4, email: 'field@example.com', role_id: 40 }}
      />,
    );
    // The e-mail names the user and cannot be edited; it is not sent.
    const email = input('Email');
    expect(email).toHaveValue('field@example.com');
    expect(email).toBeDisabled();
    expect(screen.getByText('The user’s e-mail address cannot be changed here.')).toBeVisible();
    await waitFor(() =>
      expect(decoded(api.calls('GET /api/roles'))).toContain(
        '/api/roles?inviteable=true&company_id=4&limit=100',
      ),
    );
    await waitFor(() => expect(input('Role')).toHaveValue('Field engineer'));
    await user.click(input('Role'));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /api/users/10/role')).toHaveLength(1));
    expect(jsonBody(api.calls('PUT /api/users/10/role')[0])).toEqual({ role_id: 2 });
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
  });
});

const EMAIL = 'a+b@example.com';

interface EmailForm {
  form: FormDefinition;
  name: string;
  method: string;
  path: string;
  body: unknown;
  toast: string;
}

const emailForm = (
  form: FormDefinition,
  method: string,
  path: string,
  toast: string,
  inBody = true,
): EmailForm => ({
  form,
  name: form.name,
  method,
  path,
  body: inBody ? { email: EMAIL } : undefined,
  toast,
});

const emailForms: EmailForm[] = [
  emailForm(removeMfaForm, 'DELETE', '/api/admin/users/mfa', 'MFA removed successfully'),
  emailForm(deleteUserForm, 'DELETE', '/api/admin/users', 'User removed successfully'),
  emailForm(
    assignSsoAdministratorForm,
    'POST',
    '/api/admin/users/sso',
    'SSO administrator assigned successfully',
  ),
  // The address travels in the path; no body.
  emailForm(
    removeFromSuppressionListForm,
    'DELETE',
    '/api/suppressed-emails/a%2Bb%40example.com',
    'Email address removed successfully',
    false,
  ),
  emailForm(
    inviteNewCompanyForm,
    'POST',
    '/api/distributors/invitations',
    'Invitation sent successfully',
  ),
];

describe.each(emailForms)('$name', ({ form, method, path, body, toast }) => {
  it(`requires the e-mail and sends ${method} ${path}`, async () => {
    const key = `${method} ${path}`;
    const api = mockApi({ [key]: () => ok(null) });
    const { user } = renderSignedIn(<SchemaForm definition={form} />);
    const submit = screen.getByRole('button', { name: form.submitLabel ?? 'Submit' });
    await user.click(submit);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await user.type(input('Email'), EMAIL);
    await user.click(submit);
    await waitFor(() => expect(api.calls(key)).toHaveLength(1));
    expect(jsonBody(api.calls(key)[0])).toEqual(body);
    expect(await screen.findByText(toast)).toBeInTheDocument();
  });
});

// Spec BaseAlert: the forms whose action cannot be taken back warn inside the form; the alert
// has no value and is never sent.
describe.each([
  { name: 'delete-user', form: deleteUserForm, warning: 'This cannot be undone.' },
  { name: 'remove-mfa', form: removeMfaForm, warning: 'signs in with the password alone' },
])('$name warning', ({ form, warning }) => {
  it('shows a red warning above the e-mail', async () => {
    mockApi({});
    renderSignedIn(<SchemaForm definition={form} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Warning');
    expect(alert).toHaveTextContent(warning);
    expect(
      alert.compareDocumentPosition(input('Email')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
