import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SftpEntry } from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import {
  connectSession,
  errorResponse,
  lastBody,
  ok,
  renderConnectPage,
  sftpEntry,
} from '../test-utils';
import { SftpConnectPage } from './sftp-connect-page';

const BASE = '/api/connect/sessions/5/sftp';
const FOLDERS: Record<string, SftpEntry[]> = {
  '/root': [
    sftpEntry({ name: 'etc', path: '/root/etc', type: 'directory', size: 4096 }),
    sftpEntry({ name: 'notes.txt', path: '/root/notes.txt' }),
  ],
  '/root/etc': [],
};

const listFolder: MockHandler = (_, url) => {
  const path = new URL(url, 'http://localhost').searchParams.get('path') ?? '';
  const entries = FOLDERS[path];
  return entries ? ok(entries) : errorResponse(403, 'FORBIDDEN', 'Permission denied');
};

function renderSftp(api: Record<string, MockHandler> = {}) {
  return renderConnectPage(<SftpConnectPage />, '/rms-connect/sftp?session=5', {
    'GET /api/devices/connect/sessions/5': () =>
      ok(connectSession({ type: 'sftp', protocol: 'sftp' })),
    'GET /api/devices/42/connect/credentials': () => errorResponse(404, 'NOT_FOUND'),
    [`POST ${BASE}/login`]: () => ok(null),
    [`GET ${BASE}/list`]: listFolder,
    ...api,
  });
}

const passwordInput = () =>
  screen.getByLabelText(/^Password/, { selector: 'input[type=password]' });

async function signIn(user: ReturnType<typeof renderSftp>['user']) {
  await user.type(
    await screen.findByLabelText(/^Password/, { selector: 'input[type=password]' }),
    'pw',
  );
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  return screen.findByTestId('sftp-table');
}

describe('SftpConnectPage', () => {
  it('signs in, then lists root’s home and opens folders from the table and the path', async () => {
    const { user, calls } = renderSftp();
    expect(await screen.findByRole('heading', { name: 'SFTP login' })).toBeInTheDocument();
    const table = await signIn(user);
    expect(lastBody(calls, `POST ${BASE}/login`)).toEqual({
      username: 'root',
      password: 'pw',
      remember: false,
    });
    expect(calls(`GET ${BASE}/list`)[0]?.[0]).toBe(`${BASE}/list?path=%2Froot`);
    expect(within(table).getByText('notes.txt')).toBeInTheDocument();

    await user.dblClick(within(table).getByText('etc'));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    const path = within(screen.getByRole('navigation', { name: 'Path' }));
    expect(path.getByText('etc')).toHaveAttribute('aria-current', 'location');

    await user.click(path.getByRole('button', { name: 'root' }));
    expect(await screen.findByText('notes.txt')).toBeInTheDocument();
    await user.click(path.getByRole('button', { name: 'Root' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied');
  });

  it('shows a refused login above the form and keeps what was typed', async () => {
    const { user } = renderSftp({
      [`POST ${BASE}/login`]: () =>
        errorResponse(422, 'AUTH_FAILED', 'The device refused the user name or password'),
    });
    await user.type(
      await screen.findByLabelText(/^Password/, { selector: 'input[type=password]' }),
      'bad',
    );
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The device refused the user name or password',
    );
    expect(passwordInput()).toHaveValue('bad');
    expect(screen.queryByTestId('sftp-table')).not.toBeInTheDocument();
  });

  it('creates, renames and deletes entries, showing a failure as an alert', async () => {
    const { user, calls } = renderSftp({
      [`POST ${BASE}/mkdir`]: () => ok(null),
      [`POST ${BASE}/rename`]: () => errorResponse(409, 'EXISTS', 'An entry with that name exists'),
      [`DELETE ${BASE}/entry`]: () => ok(null),
    });
    await signIn(user);

    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const create = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await user.type(create.getByLabelText(/^Folder name/), 'backup');
    await user.click(create.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(lastBody(calls, `POST ${BASE}/mkdir`)).toEqual({ path: '/root/backup' }),
    );

    await user.click(
      within(screen.getByRole('group', { name: 'Actions for notes.txt' })).getByRole('button', {
        name: 'Rename',
      }),
    );
    const rename = within(await screen.findByRole('dialog', { name: 'Rename notes.txt' }));
    await user.clear(rename.getByLabelText(/^New name/));
    await user.type(rename.getByLabelText(/^New name/), 'todo.txt');
    await user.click(rename.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An entry with that name exists');
    expect(lastBody(calls, `POST ${BASE}/rename`)).toEqual({
      from: '/root/notes.txt',
      to: '/root/todo.txt',
    });

    await user.click(
      within(screen.getByRole('group', { name: 'Actions for etc' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete' }));
    expect(confirm.getByText('Delete folder etc? This cannot be undone.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastBody(calls, `DELETE ${BASE}/entry`)).toEqual({ path: '/root/etc' }),
    );
  });
});
