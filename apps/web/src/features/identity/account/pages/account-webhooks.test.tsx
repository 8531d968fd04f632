import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, type Webhook, type WebhookDelivery } from '@netfleet/contracts';
import { registerActionStatus } from '@/lib/action-status';
import { writeCookie } from '@/lib/cookies';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAccountPage } from '../test-utils';

const LIST = 'GET /api/webhooks';
const CREATE = 'POST /api/webhooks';
const TOKENS = 'GET /api/user/tokens';

const hook: Webhook = {
  id: 4,
  url: 'https://hooks.example.com/netfleet',
  events: ['status.update'],
  enabled: true,
  created_at: '2026-04-01T08:00:00Z',
};

const bodyOf = (call: [string, RequestInit?] | undefined) =>
  JSON.parse(String(call?.[1]?.body)) as unknown;

afterEach(() => {
  act(() => notifications.clean());
});

async function webhooksSection() {
  return within(await screen.findByRole('region', { name: 'Webhooks' }));
}

describe('AccountPage webhooks', () => {
  it('is not there without manage_webhooks', async () => {
    const { calls } = mockApi({ [TOKENS]: () => ok([]), [LIST]: () => ok([hook]) });
    renderAccountPage(roleUser('read_only'));
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(calls(LIST)).toHaveLength(0);
  });

  it('lists own webhooks and switches one off with its other fields unchanged', async () => {
    writeCookie(COOKIES.timezone, 'UTC');
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [LIST]: () => ok([hook]),
      'PUT /api/webhooks/4': () => ok({ ...hook, enabled: false }),
    });
    renderAccountPage(roleUser('admin'));
    const section = await webhooksSection();
    const row = (await section.findByText(hook.url)).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('status.update');
    expect(row).toHaveTextContent('2026-04-01 08:00:00');

    await userEvent.click(within(row).getByRole('switch', { name: `Enable webhook ${hook.url}` }));
    await waitFor(() => expect(calls('PUT /api/webhooks/4')).toHaveLength(1));
    expect(bodyOf(calls('PUT /api/webhooks/4')[0])).toEqual({
      url: hook.url,
      events: ['status.update'],
      enabled: false,
    });
  });

  it('checks the form, then shows the signing secret once with a copy button', async () => {
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [LIST]: () => ok([]),
      [CREATE]: () =>
        jsonResponse(201, { success: true, data: { ...hook, secret: 'whsec_s3cr3t' } }),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    const section = await webhooksSection();
    await section.findByText('No webhooks yet.');

    await user.click(section.getByRole('button', { name: 'Add webhook' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Add webhook' }));
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Enter an http(s) URL')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one event')).toBeInTheDocument();
    expect(calls(CREATE)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /Endpoint URL/ }), hook.url);
    await user.click(dialog.getByPlaceholderText('Choose events'));
    await user.click(await screen.findByRole('option', { name: /status\.update/ }));
    await user.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('whsec_s3cr3t')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(bodyOf(calls(CREATE)[0])).toEqual({
      url: hook.url,
      events: ['status.update'],
      enabled: true,
    });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_s3cr3t')).not.toBeInTheDocument());
    await user.click(section.getByRole('button', { name: 'Add webhook' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Add webhook' }));
    expect(dialog.getByRole('textbox', { name: /Endpoint URL/ })).toHaveValue('');
    expect(screen.queryByText('whsec_s3cr3t')).not.toBeInTheDocument();
  });

  it("opens the 'Action status' dialog on the test send's channel", async () => {
    const channel = 'private-status.7.abcdefghijklmnop';
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [LIST]: () => ok([hook]),
      'POST /api/webhooks/4/test': () => jsonResponse(200, { success: true, meta: { channel } }),
    });
    const open = vi.fn();
    const unregister = registerActionStatus(open);
    try {
      renderAccountPage(roleUser('admin'));
      const section = await webhooksSection();
      await userEvent.click(
        await section.findByRole('button', { name: `Send a test delivery to ${hook.url}` }),
      );
      await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
      expect(open).toHaveBeenCalledWith(channel, {
        title: `Test delivery to ${hook.url}`,
        itemLabels: { 4: hook.url },
      });
      expect(calls('POST /api/webhooks/4/test')).toHaveLength(1);
    } finally {
      unregister();
    }
  });

  it('says the test started in a toast when no status dialog can open', async () => {
    mockApi({
      [TOKENS]: () => ok([]),
      [LIST]: () => ok([hook]),
      'POST /api/webhooks/4/test': () =>
        jsonResponse(200, {
          success: true,
          meta: { channel: 'private-status.7.abcdefghijklmnop' },
        }),
    });
    renderAccountPage(roleUser('admin'));
    const section = await webhooksSection();
    await userEvent.click(
      await section.findByRole('button', { name: `Send a test delivery to ${hook.url}` }),
    );
    expect(
      await screen.findByText('Test delivery started. Its result appears in the delivery log.'),
    ).toBeInTheDocument();
  });

  it('shows the delivery log in a drawer', async () => {
    writeCookie(COOKIES.timezone, 'UTC');
    const failed: WebhookDelivery = {
      id: 9,
      event: 'status.update',
      status: 'failed',
      attempts: 3,
      response_code: 502,
      error: 'Bad gateway',
      next_attempt_at: '2026-04-01T09:00:00Z',
      created_at: '2026-04-01T08:30:00Z',
    };
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [LIST]: () => ok([hook]),
      'GET /api/webhooks/4/deliveries': () =>
        jsonResponse(200, { success: true, data: [failed], meta: { total: 1 } }),
    });
    renderAccountPage(roleUser('admin'));
    const section = await webhooksSection();
    await userEvent.click(
      await section.findByRole('button', { name: `Deliveries of ${hook.url}` }),
    );
    const drawer = within(await screen.findByRole('dialog', { name: `Deliveries of ${hook.url}` }));
    const row = (await drawer.findByText('Bad gateway')).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('502');
    expect(row).toHaveTextContent('2026-04-01 09:00:00');
    expect(calls('GET /api/webhooks/4/deliveries')[0]?.[0]).toContain('limit=25');
  });

  it('deletes only after confirmation', async () => {
    const { calls } = mockApi({
      [TOKENS]: () => ok([]),
      [LIST]: () => ok([hook]),
      'DELETE /api/webhooks/4': () => ok(),
    });
    renderAccountPage(roleUser('admin'));
    const user = userEvent.setup();
    const section = await webhooksSection();
    await user.click(await section.findByRole('button', { name: `Delete webhook ${hook.url}` }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete webhook' }));
    expect(calls('DELETE /api/webhooks/4')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE /api/webhooks/4')).toHaveLength(1));
  });
});
