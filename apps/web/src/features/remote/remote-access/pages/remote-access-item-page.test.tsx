import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { currentLocation, dialog, listOk, renderWithSession, rule, session } from '../test-utils';
import { RemoteAccessItemPage } from './remote-access-item-page';

function renderItem(url = '/remote/access/5', rules = [rule()]) {
  return renderWithSession(<RemoteAccessItemPage />, {
    url,
    path: '/remote/access/:id',
    user: roleUser('admin'),
    api: {
      'GET /api/devices/remote-access': () => listOk(rules),
      'GET /api/devices/connect/5/sessions': () =>
        ok([
          session(),
          session({ id: 70, active: false, end_time: 1_790_000_600, ttl: 0, input_data: 100 }),
        ]),
      'DELETE /api/devices/remote-access': () => ok(),
    },
  });
}

describe('RemoteAccessItemPage', () => {
  it('shows the rule and all its sessions, active and past', async () => {
    const view = renderItem();
    expect(await screen.findByRole('heading', { name: 'Router web UI' })).toBeInTheDocument();
    const asked = new URL(String(view.calls('GET /api/devices/remote-access')[0]?.[0]), 'http://x');
    expect(asked.searchParams.get('id')).toBe('5');
    const details = within(screen.getByRole('table', { name: 'Remote access' }));
    expect(details.getByRole('row', { name: /Destination 127.0.0.1:443/ })).toBeInTheDocument();
    const sessions = within(await screen.findByRole('table', { name: 'Sessions' }));
    const [, active, ended] = sessions.getAllByRole('row');
    expect(active).toHaveTextContent('Active · 1h 0m');
    expect(active).toHaveTextContent('5 MB');
    expect(within(active as HTMLElement).getByRole('button', { name: 'End' })).toBeVisible();
    expect(ended).toHaveTextContent('2026-09-21 14:23:20');
    expect(within(ended as HTMLElement).queryByRole('button', { name: 'End' })).toBeNull();
    // Every session of the rule, not only the active ones.
    expect(String(view.calls('GET /api/devices/connect/5/sessions')[0]?.[0])).not.toContain(
      'active',
    );
  });

  it('says so when the list does not hold the rule', async () => {
    renderItem('/remote/access/9', [rule()]);
    expect(
      await screen.findByRole('heading', { name: 'Remote access not found' }),
    ).toBeInTheDocument();
  });

  it('deletes the rule and returns to the list', async () => {
    const view = renderItem();
    await view.user.click(await screen.findByRole('button', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Delete remote access')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/remote/access'));
  });
});
