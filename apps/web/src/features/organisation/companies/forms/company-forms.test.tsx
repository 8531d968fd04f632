import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { CompanyPage } from '../pages/company-page';
import { company, dialog, lastBody, listOk, pickerInput, renderWithSession } from '../test-utils';

const acme = company();
const holding = company({ id: 3, name: 'Holding', level: 1, parent_id: null, parent_name: null });
const member = (id: number, email: string) => ({
  id,
  email,
  username: email.split('@')[0],
  company_id: 5,
  company_name: 'Acme',
  role_id: 2,
  role_name: 'admin',
  role_title: 'Administrator',
  mfa_type: null,
  email_verified: true,
  sso_admin: false,
  created_at: '2026-01-01T00:00:00Z',
});
const members = [member(11, 'jane@acme.test'), member(12, 'bob@acme.test')];

function renderCompany(url: string, as: CurrentUser, api: Record<string, MockHandler> = {}) {
  return renderWithSession(<CompanyPage />, {
    url,
    path: '/companies/:company_id/:tab?/:sub?',
    user: as,
    api: {
      'GET /api/companies/5': () => ok(acme),
      'GET /api/companies/3': () => ok(holding),
      'GET /api/companies': () => listOk([holding, acme]),
      'GET /api/users': () => listOk(members),
      'GET /api/users/invitations': () => listOk([]),
      ...api,
    },
  });
}

describe('company-flags form', () => {
  it('lets a company manager enforce MFA but not touch payment settings', async () => {
    const view = renderCompany('/companies/5/info', roleUser('admin', { company_id: 3 }), {
      'PUT /api/companies/5/flags': () => ok({ ...acme, mfa_enforced: true }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Settings' }));
    const form = await dialog('Company settings');
    await view.user.click(await form.findByRole('checkbox', { name: /MFA enforced/ }));
    expect(form.queryByRole('checkbox', { name: 'Show payment' })).not.toBeInTheDocument();
    expect(form.queryByText('Payment type')).not.toBeInTheDocument();
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('PUT /api/companies/5/flags')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/companies/5/flags')).toEqual({ mfa_enforced: true });
  });

  it('gives a system administrator the payment settings too', async () => {
    const view = renderCompany('/companies/5/info', roleUser('super_admin', { company_id: 1 }), {
      'PUT /api/companies/5/flags': () => ok(acme),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Settings' }));
    const form = await dialog('Company settings');
    await view.user.click(await form.findByRole('checkbox', { name: 'Show payment' }));
    await view.user.click(pickerInput(form, 'Payment type'));
    await view.user.click(await screen.findByRole('option', { name: 'Paid' }));
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('PUT /api/companies/5/flags')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/companies/5/flags')).toEqual({
      mfa_enforced: false,
      show_payment: true,
      payment_type: 'paid',
    });
  });
});

describe('move-company form', () => {
  it('starts with the company and moves it under the chosen parent', async () => {
    const view = renderCompany('/companies/5/info', roleUser('super_admin', { company_id: 1 }), {
      'POST /api/companies/move': () => ok(acme),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Move' }));
    const form = await dialog('Move company');
    await waitFor(() => expect(pickerInput(form, 'Company')).toHaveValue('Acme'));
    // Spec BaseAlert: what the move changes, said before it is done (and never sent).
    expect(form.getByRole('alert')).toHaveTextContent(
      'users of the old parent company lose access to them',
    );
    await view.user.click(pickerInput(form, 'New parent company'));
    await view.user.click(await screen.findByRole('option', { name: 'Holding' }));
    await view.user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/companies/move')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/companies/move')).toEqual({ source: 5, target: 3 });
    expect(await screen.findByText('Company moved successfully')).toBeInTheDocument();
  });
});

describe('move-users form', () => {
  it('sends the chosen users and lists the ones that could not move (207)', async () => {
    const view = renderCompany('/companies/5/users/table', roleUser('admin', { company_id: 3 }), {
      'POST /api/users/move': () =>
        jsonResponse(207, {
          success: true,
          data: { moved: [11] },
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'Role Administrator cannot be assigned in Holding',
              source: '12',
            },
          ],
        }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Move users' }));
    const form = await dialog('Move users');
    await waitFor(() => expect(pickerInput(form, 'From company')).toHaveValue('Acme'));
    await view.user.click(pickerInput(form, 'Users'));
    await view.user.click(await screen.findByRole('option', { name: 'jane@acme.test' }));
    await view.user.click(await screen.findByRole('option', { name: 'bob@acme.test' }));
    const pickerUrl = new URL(String(view.calls('GET /api/users').at(-1)?.[0]), 'http://x');
    expect(pickerUrl.searchParams.get('company_id')).toBe('5');
    await view.user.click(pickerInput(form, 'Move to company'));
    await view.user.click(await screen.findByRole('option', { name: 'Holding' }));
    await view.user.click(form.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(view.calls('POST /api/users/move')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/users/move')).toEqual({
      user_id: [11, 12],
      company_id: 3,
    });
    const report = await dialog('Some users were not moved');
    expect(report.getByText('1 of 2 users moved')).toBeInTheDocument();
    expect(
      report.getByText('bob@acme.test: Role Administrator cannot be assigned in Holding'),
    ).toBeInTheDocument();
  });
});

describe('company invitations', () => {
  it('resends and, after confirmation, withdraws an invitation', async () => {
    const invitation = {
      id: 21,
      email: 'new@acme.test',
      company_id: 5,
      company_name: 'Acme',
      role_id: 3,
      role_name: 'end_user',
      role_title: 'End Client',
      invited_by_email: null,
      new_company: false,
      status: 'expired',
      created_at: '2026-01-02T00:00:00Z',
      expires_at: '2026-01-09T00:00:00Z',
      last_sent_at: '2026-01-02T00:00:00Z',
    };
    const view = renderCompany('/companies/5/users/invitations', roleUser('admin'), {
      'GET /api/users/invitations': () => listOk([invitation]),
      'POST /api/users/invitations/21/resend': () => ok(invitation),
      'DELETE /api/users/invitations/21': () => ok(),
    });
    const table = await screen.findByRole('table', { name: 'Invitations' });
    await view.user.click(
      await within(table).findByRole('button', { name: 'Resend new@acme.test' }),
    );
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(view.calls('POST /api/users/invitations/21/resend')).toHaveLength(1);

    await view.user.click(within(table).getByRole('button', { name: 'Delete new@acme.test' }));
    const confirm = await dialog('Delete invitation');
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Invitation removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/users/invitations/21')).toHaveLength(1);
  });
});
