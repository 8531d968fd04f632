import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type EmailConfiguration } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { currentUserQueryKey } from '@/lib/current-user';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { createTestQueryClient, renderPage } from '@/test/render-page';
import { EmailSmtpPage } from './email-smtp-page';

const rows: EmailConfiguration[] = [
  {
    id: 5,
    company_id: 3,
    company_name: 'Acme',
    name: 'Office relay',
    host: 'smtp.acme.test',
    port: 465,
    secure: true,
    email: 'noreply@acme.test',
    username: 'relay',
    has_password: true,
    created_at: '2026-02-03T10:00:00Z',
  },
  {
    id: 6,
    company_id: 4,
    company_name: 'Beta',
    name: 'Local',
    host: 'localhost',
    port: 25,
    secure: false,
    email: 'mail@beta.test',
    username: null,
    has_password: false,
    created_at: '2026-02-02T10:00:00Z',
  },
];

const list = (data: unknown[]) =>
  jsonResponse(200, { success: true, data, meta: { total: data.length } });

const LIST = 'GET /api/email-configurations';
const CREATE = 'POST /api/email-configurations';
const UPDATE = 'PUT /api/email-configurations/5';
const REMOVE = 'DELETE /api/email-configurations/5';
const TEST = 'POST /api/email-configurations/5/test';

function setup(handlers: Record<string, MockHandler> = {}) {
  const api = mockApi({
    [LIST]: () => list(rows),
    'GET /api/companies': () => list([{ id: 3, name: 'Acme' }]),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    roleUser('admin', { email: 'ada@example.com', permissions: ['manage_smtp'] }),
  );
  renderPage(<EmailSmtpPage />, { path: '/email-smtp', queryClient });
  return { api, user: userEvent.setup() };
}

const bodyOf = (call: [string, RequestInit?] | undefined): unknown =>
  JSON.parse(String(call?.[1]?.body));

async function rowAction(user: ReturnType<typeof userEvent.setup>, name: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

beforeEach(() => {
  writeCookie(COOKIES.timezone, 'UTC');
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('EmailSmtpPage', () => {
  it('lists the configurations sorted by name', async () => {
    const { api } = setup();
    const table = await screen.findByRole('table', { name: 'SMTP configurations' });
    const relay = (await within(table).findByText('Office relay')).closest('tr');
    if (!relay) throw new Error('No row');
    for (const text of ['Acme', 'smtp.acme.test', '465', 'noreply@acme.test', 'relay']) {
      expect(within(relay).getByText(text)).toBeInTheDocument();
    }
    expect(within(relay).getAllByText('Yes')).toHaveLength(2);
    expect(within(relay).getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    const local = within(table).getByText('Local').closest('tr');
    if (!local) throw new Error('No row');
    expect(within(local).getAllByText('No')).toHaveLength(2);
    const url = new URL(api.calls(LIST).at(-1)?.[0] ?? '', 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '25',
      offset: '0',
      sort: 'name',
    });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('System');
  });

  it('creates a configuration with the entered values', async () => {
    const { api, user } = setup({ [CREATE]: () => jsonResponse(201, { success: true, data: {} }) });
    await screen.findByText('Office relay');
    await user.click(screen.getByRole('button', { name: 'New SMTP configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SMTP configuration' });
    const field = (label: string) =>
      within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

    await user.click(field('Company'));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await user.type(field('Name'), 'Main');
    await user.type(field('Host'), 'not a host!');
    expect(field('Port')).toHaveValue('587');
    await user.type(field('Sender e-mail'), 'noreply@acme.test');
    await user.type(field('Password'), 's3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Invalid format')).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);

    await user.clear(field('Host'));
    await user.type(field('Host'), 'localhost');
    const listed = api.calls(LIST).length;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(bodyOf(api.calls(CREATE)[0])).toEqual({
      company_id: 3,
      name: 'Main',
      host: 'localhost',
      port: 587,
      secure: false,
      email: 'noreply@acme.test',
      username: null,
      password: 's3cret',
    });
    expect(await screen.findByText('SMTP configuration created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list reloads to show the new row.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listed));
  });

  it('edits a configuration and leaves an empty password out', async () => {
    const { api, user } = setup({ [UPDATE]: () => ok({}) });
    await rowAction(user, 'Office relay', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit SMTP configuration' });
    const name = within(dialog).getByLabelText(/^Name/, { selector: 'input' });
    expect(name).toHaveValue('Office relay');
    expect(within(dialog).getByText('Leave empty to keep the current password')).toBeVisible();
    expect(within(dialog).queryByLabelText(/^Company/)).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Head office');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(1));
    expect(bodyOf(api.calls(UPDATE)[0])).toEqual({
      name: 'Head office',
      host: 'smtp.acme.test',
      port: 465,
      secure: true,
      email: 'noreply@acme.test',
      username: 'relay',
    });
    expect(await screen.findByText('SMTP configuration updated successfully')).toBeInTheDocument();
  });

  it('deletes a configuration after confirmation', async () => {
    const { api, user } = setup({ [REMOVE]: () => ok(null) });
    await rowAction(user, 'Office relay', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete SMTP configuration' });
    expect(dialog).toHaveTextContent('Office relay');
    const listed = api.calls(LIST).length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(REMOVE)).toHaveLength(1));
    expect(await screen.findByText('SMTP configuration removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listed));
  });

  it('sends a test e-mail to the address asked for', async () => {
    const { api, user } = setup({ [TEST]: () => ok(null) });
    await rowAction(user, 'Office relay', 'Send test e-mail');
    const prompt = await screen.findByRole('dialog', { name: 'Send test e-mail' });
    const to = within(prompt).getByLabelText(/^Recipient e-mail/);
    expect(to).toHaveValue('ada@example.com');
    await user.clear(to);
    await user.type(to, 'ops@acme.test');
    await user.click(within(prompt).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Test e-mail sent successfully')).toBeInTheDocument();
    expect(bodyOf(api.calls(TEST)[0])).toEqual({ to: 'ops@acme.test' });
  });

  it("shows the SMTP server's refusal in an error dialog", async () => {
    const { user } = setup({
      [TEST]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            { code: 'VALIDATION_ERROR', message: '535 5.7.8 Authentication failed', source: null },
          ],
        }),
    });
    await rowAction(user, 'Office relay', 'Send test e-mail');
    const prompt = await screen.findByRole('dialog', { name: 'Send test e-mail' });
    await user.click(within(prompt).getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('dialog', { name: 'Error' });
    expect(alert).toHaveTextContent('535 5.7.8 Authentication failed');
    expect(screen.queryByText('Test e-mail sent successfully')).not.toBeInTheDocument();
  });
});
