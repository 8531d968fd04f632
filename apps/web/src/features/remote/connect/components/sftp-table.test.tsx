import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SftpEntry } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { sftpEntry } from '../test-utils';
import { SftpBreadcrumbs } from './sftp-breadcrumbs';
import { SftpTable } from './sftp-table';

function renderTable(entries: SftpEntry[] | undefined, loading = false) {
  const handlers = { onOpen: vi.fn(), onRename: vi.fn(), onDelete: vi.fn() };
  render(
    <MantineProvider env="test">
      <SftpTable
        entries={entries}
        loading={loading}
        downloadUrl={(entry) => `/download?path=${entry.path}`}
        {...handlers}
      />
    </MantineProvider>,
  );
  return handlers;
}

const ENTRIES = [
  sftpEntry({ name: 'file10.log', path: '/root/file10.log', size: 2_097_152 }),
  sftpEntry({
    name: 'etc',
    path: '/root/etc',
    type: 'directory',
    size: 4096,
    permissions: 'drwxr-xr-x',
  }),
  sftpEntry({ name: 'file2.log', path: '/root/file2.log', size: 512 }),
  sftpEntry({ name: 'bin', path: '/root/bin', type: 'directory', size: 4096, modified: null }),
];

const bodyRows = () => within(screen.getByTestId('sftp-table')).getAllByRole('row').slice(1);
function bodyRow(index: number): HTMLElement {
  const row = bodyRows()[index];
  if (!row) throw new Error(`No row ${index}`);
  return row;
}
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('SftpTable', () => {
  it('lists folders first, then files by name, with sizes, dates and permissions', () => {
    writeCookie('timezone', 'UTC');
    renderTable(ENTRIES);
    expect(bodyRows().map((row) => cells(row).slice(0, 4))).toEqual([
      ['bin', '', '', '-rw-r--r--'],
      ['etc', '', '2026-03-04 05:06:07', 'drwxr-xr-x'],
      ['file2.log', '0.5 KB', '2026-03-04 05:06:07', '-rw-r--r--'],
      ['file10.log', '2 MB', '2026-03-04 05:06:07', '-rw-r--r--'],
    ]);
    expect(within(bodyRow(0)).getByRole('img', { name: 'Folder' })).toBeInTheDocument();
    expect(within(bodyRow(2)).getByRole('img', { name: 'File' })).toBeInTheDocument();
  });

  it('opens a folder on double-click or Enter, never a file', async () => {
    const { onOpen } = renderTable(ENTRIES);
    const user = userEvent.setup();
    await user.dblClick(bodyRow(1));
    expect(onOpen).toHaveBeenLastCalledWith(ENTRIES[1]);
    fireEvent.keyDown(bodyRow(0), { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ENTRIES[3]);
    await user.dblClick(bodyRow(2));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('downloads files through a link, and renames or deletes any entry', async () => {
    const { onRename, onDelete } = renderTable(ENTRIES);
    const file = within(screen.getByRole('group', { name: 'Actions for file2.log' }));
    expect(file.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'file2.log');
    expect(file.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/download?path=/root/file2.log',
    );
    const folder = within(screen.getByRole('group', { name: 'Actions for etc' }));
    expect(folder.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    await userEvent.click(folder.getByRole('button', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledWith(ENTRIES[1]);
    await userEvent.click(file.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(ENTRIES[2]);
  });

  it('says when a folder is empty', () => {
    renderTable([]);
    expect(screen.getByText('This folder is empty')).toBeInTheDocument();
    expect(screen.queryByTestId('sftp-table')).not.toBeInTheDocument();
  });

  it('shows a loader while the folder loads', () => {
    renderTable(undefined, true);
    expect(screen.getByLabelText('Loading folder')).toBeInTheDocument();
  });
});

describe('SftpBreadcrumbs', () => {
  it('shows each folder of the path, opening a parent on click', async () => {
    const onNavigate = vi.fn();
    render(
      <MantineProvider env="test">
        <SftpBreadcrumbs path="/root/etc/config" onNavigate={onNavigate} />
      </MantineProvider>,
    );
    const nav = within(screen.getByRole('navigation', { name: 'Path' }));
    expect(nav.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '/',
      'root',
      'etc',
    ]);
    expect(nav.getByText('config')).toHaveAttribute('aria-current', 'location');
    await userEvent.click(nav.getByRole('button', { name: 'etc' }));
    expect(onNavigate).toHaveBeenCalledWith('/root/etc');
    await userEvent.click(nav.getByRole('button', { name: 'Root' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/');
  });
});
