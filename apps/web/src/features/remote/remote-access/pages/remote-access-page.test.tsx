import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { dialog, lastBody, listOk, renderWithSession, rule, session } from '../test-utils';
import { RemoteAccessPage } from './remote-access-page';

const rows = [
  rule({ active_sessions: 2 }),
  rule({
    id: 6,
    name: 'Camera',
    protocol: 'rtsp',
    destination_ip: '192.168.1.20',
    destination_port: 554,
  }),
];

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderRules(api: Record<string, MockHandler> = {}, user: CurrentUser = roleUser('admin')) {
  return renderWithSession(<RemoteAccessPage />, {
    url: '/remote/access',
    path: '/remote/access',
    user,
    api: { 'GET /api/devices/remote-access': () => listOk(rows), ...api },
  });
}

const table = async () => within(await screen.findByRole('table', { name: 'Remote access' }));
const rowOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

describe('RemoteAccessPage', () => {
  it('lists the rules with their device, target, sessions and page links', async () => {
    const view = renderRules();
    await (await table()).findByText('Camera');
    const web = rowOf('Router web UI');
    expect(web.getByRole('link', { name: 'Router web UI' })).toHaveAttribute(
      'href',
      '/remote/access/5',
    );
    expect(web.getByRole('link', { name: 'Depot router' })).toHaveAttribute('href', '/devices/42');
    expect(web.getByText('HTTPS')).toBeInTheDocument();
    expect(web.getByText('127.0.0.1:443')).toBeInTheDocument();
    expect(web.getByText('2')).toBeInTheDocument();
    expect(web.getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    // A protocol the console does not know is shown as the API sent it.
    expect(rowOf('Camera').getByText('rtsp')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/devices/remote-access').at(-1)?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: 'name',
    });
  });

  it('searches on the server after the debounce', async () => {
    const view = renderRules();
    await (await table()).findByText('Camera');
    await view.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'cam');
    await waitFor(() =>
      expect(queryOf(view.calls('GET /api/devices/remote-access').at(-1)?.[0])).toMatchObject({
        q: 'cam',
      }),
    );
  });

  it('says when there is no rule yet and offers to add one', async () => {
    const view = renderRules({ 'GET /api/devices/remote-access': () => listOk([]) });
    expect(await screen.findByText('No remote access rules yet')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add remote access' });
    expect(buttons).toHaveLength(2);
    await view.user.click(buttons[1] as HTMLElement);
    expect(await dialog('Add remote access')).toBeTruthy();
  });

  it('offers no changes without manage_device_remote_access', async () => {
    const view = renderRules({}, roleUser('readonly_admin'));
    await (await table()).findByText('Camera');
    expect(screen.queryByRole('button', { name: 'Add remote access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await view.user.click(rowOf('Camera').getByRole('button', { name: 'Actions for Camera' }));
    expect(await screen.findByRole('menuitem', { name: 'Info' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('connects for the chosen time and opens the web UI through a fresh launch URL', async () => {
    const open = vi.fn(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal('open', open);
    const view = renderRules({
      'POST /api/devices/connect/5': () =>
        jsonResponse(200, { success: true, meta: { channel: 'c' }, data: session() }),
      'POST /api/devices/connect/sessions/77/launch': () =>
        ok({ url: 'https://s77.proxy.example/launch?code=fresh' }),
    });
    await (await table()).findByText('Camera');
    await view.user.click(rowOf('Router web UI').getByRole('button', { name: /^Actions for/ }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Connect' }));
    const connect = await dialog('Connect to Router web UI');
    expect(connect.getByRole('combobox', { name: 'Link valid for' })).toHaveValue('1 hour');
    await view.user.click(connect.getByRole('combobox', { name: 'Link valid for' }));
    await view.user.click(await screen.findByRole('option', { name: '4 hours' }));
    await view.user.click(connect.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(lastBody(view.calls, 'POST /api/devices/connect/5')).toEqual({ duration: 14_400 });
    expect(view.calls('POST /api/devices/connect/sessions/77/launch')).toHaveLength(1);
    expect(open).toHaveBeenCalledWith('https://s77.proxy.example/launch?code=fresh', '_blank');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Connect to/ })).not.toBeInTheDocument(),
    );
  });

  it('deletes after a confirm that names the rules', async () => {
    const view = renderRules({ 'DELETE /api/devices/remote-access': () => ok() });
    const rulesTable = await table();
    await rulesTable.findByText('Camera');
    for (const checkbox of rulesTable.getAllByRole('checkbox').slice(1)) {
      await view.user.click(checkbox);
    }
    const selection = within(screen.getByRole('region', { name: 'Selected rows' }));
    await view.user.click(selection.getByRole('button', { name: 'Delete' }));
    const confirm = await dialog('Delete remote access');
    expect(confirm.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Router web UI',
      'Camera',
    ]);
    await view.user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.calls('DELETE /api/devices/remote-access')).toHaveLength(1));
    expect(lastBody(view.calls, 'DELETE /api/devices/remote-access')).toEqual({ id: [5, 6] });
    expect(await screen.findByText('Remote access removed successfully')).toBeInTheDocument();
  });
});
