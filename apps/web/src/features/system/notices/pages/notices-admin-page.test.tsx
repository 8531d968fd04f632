import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type Notice } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { NoticesAdminPage } from './notices-admin-page';

const LIST = 'GET /api/admin/notices';
const CREATE = 'POST /api/admin/notices';

const rows: Notice[] = [
  { id: 1, type: 'info', message: 'Old <b>news</b>', enabled_at: '2026-05-01T10:00:00Z' },
  { id: 2, type: 'critical', message: 'Draft about an outage', enabled_at: null },
];

const bodyOf = (call: [string, RequestInit?] | undefined) =>
  JSON.parse(String(call?.[1]?.body)) as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAdminPage() {
  writeCookie(COOKIES.timezone, 'UTC');
  return renderPage(<NoticesAdminPage />, { path: '/notices' });
}

describe('NoticesAdminPage', () => {
  it('lists every notice, newest enabled first, drafts marked', async () => {
    mockApi({ [LIST]: () => ok(rows) });
    renderAdminPage();
    const table = await screen.findByRole('table', { name: 'Global notices' });
    await within(table).findByText('Draft about an outage');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Old news');
    expect(first).toHaveTextContent('2026-05-01 10:00:00');
    expect(first?.querySelector('b')).toHaveTextContent('news');
    expect(second).toHaveTextContent('Disabled');
    expect(within(table).getByRole('switch', { name: 'Enable notice 2' })).not.toBeChecked();
  });

  it('shows validation errors under the fields, then server errors, then creates', async () => {
    let refuse = true;
    const { calls } = mockApi({
      [LIST]: () => ok(rows),
      [CREATE]: () =>
        refuse
          ? jsonResponse(422, {
              success: false,
              errors: [
                { code: 'VALIDATION_ERROR', message: 'Message is too long', source: 'message' },
                { code: 'VALIDATION_ERROR', message: 'Try again later', source: null },
              ],
            })
          : jsonResponse(201, { success: true, data: { ...rows[0], id: 3 } }),
    });
    renderAdminPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'New notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notice' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = within(dialog).getByRole('textbox', { name: /Message/ });
    expect(await within(dialog).findByText('Message is required')).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(calls(CREATE)).toHaveLength(0);

    // paste, not type: a keystroke per character re-renders the preview each time.
    await user.click(message);
    await user.paste('Upgrade at <b>22:00</b><script>x</script>');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(preview.querySelector('b')).toHaveTextContent('22:00');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>x</script>');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Message is too long')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Try again later');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(calls(CREATE).at(-1))).toEqual({
      type: 'info',
      message: 'Upgrade at <b>22:00</b><script>x</script>',
      enabled: true,
    });
    expect(await screen.findByText('Notice created successfully')).toBeInTheDocument();
  });

  it('enables a draft with its own type and message', async () => {
    const { calls } = mockApi({ [LIST]: () => ok(rows), 'PUT /api/admin/notices/2': () => ok() });
    renderAdminPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Enable notice 2' }));
    await waitFor(() => expect(calls('PUT /api/admin/notices/2')).toHaveLength(1));
    expect(bodyOf(calls('PUT /api/admin/notices/2')[0])).toEqual({
      type: 'critical',
      message: 'Draft about an outage',
      enabled: true,
    });
  });

  it('deletes only after confirmation', async () => {
    const { calls } = mockApi({
      [LIST]: () => ok(rows),
      'DELETE /api/admin/notices/1': () => ok(),
    });
    renderAdminPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete notice 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete notice' });
    expect(calls('DELETE /api/admin/notices/1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE /api/admin/notices/1')).toHaveLength(1));
  });
});
