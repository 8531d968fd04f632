import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok } from '@/test/mock-api';
import { dialog, FILES, fileInfo, lastBody, queryOf, renderFiles } from '../test-utils';

const firmware = fileInfo();
const backup = fileInfo({
  id: 42,
  type: 'config',
  name: 'backup-1101.tar.gz',
  description: '',
  device_model: null,
  size: 512,
  company_name: 'Acme North',
});
const notes = fileInfo({ id: 43, type: 'custom_file', name: 'notes.txt', device_model: null });
const global = fileInfo({ id: 44, type: 'global_firmware', name: 'RUTX_R_00.07.10.bin' });

const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table', { name: 'Files' }))
      .getByText(name)
      .closest('tr') as HTMLElement,
  );

async function openRowAction(view: ReturnType<typeof renderFiles>, name: string, action: string) {
  await screen.findByText(name);
  await view.user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await view.user.click(await screen.findByRole('menuitem', { name: action }));
}

function stubSaves() {
  URL.createObjectURL = () => 'blob:files';
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  onTestFinished(() => click.mockRestore());
  return click;
}

describe('FilesPage: list', { timeout: 30_000 }, () => {
  it('lists files with type, size, model, description and company', async () => {
    const view = renderFiles([firmware, backup, notes]);
    expect(screen.getByRole('heading', { name: 'Files' })).toBeInTheDocument();
    await screen.findByText(firmware.name);
    const row = rowOf(firmware.name);
    expect(row.getByText('Firmware')).toBeInTheDocument();
    expect(row.getByText('15 MB')).toBeInTheDocument();
    expect(row.getByText('RUT955')).toBeInTheDocument();
    expect(row.getByText('Nightly')).toBeInTheDocument();
    expect(row.getByText('2026-11-02 08:30:00')).toBeInTheDocument();
    expect(rowOf(backup.name).getByText('Any model')).toBeInTheDocument();
    expect(rowOf(backup.name).getByText('Acme North')).toBeInTheDocument();
    expect(rowOf(notes.name).queryByText('Any model')).toBeNull();
    expect(queryOf(view.calls(FILES)[0]?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
    });
  });

  it('searches, filters by type, model and company, and sorts on the server', async () => {
    const view = renderFiles([firmware]);
    await screen.findByText(firmware.name);
    await view.user.type(screen.getByPlaceholderText('Search by name or description'), 'rut9');
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({ q: 'rut9' }),
    );
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Filter Type' }), 'config');
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({ type: 'config', q: 'rut9' }),
    );
    await view.user.type(
      screen.getByRole('textbox', { name: 'Filter Device model' }),
      'RUTX{Enter}',
    );
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({ device_model: 'RUTX' }),
    );
    await view.user.click(screen.getByRole('button', { name: /^Size/ }));
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({ sort: 'size' }),
    );
    expect(screen.getByRole('combobox', { name: 'Filter by company' })).toBeInTheDocument();
  });

  it('offers the first upload when there are no files yet', async () => {
    renderFiles([]);
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Upload file' })).toHaveLength(2);
  });

  it('lets a guest look and download, but not upload, edit or delete', async () => {
    const view = renderFiles([firmware], {}, roleUser('read_only'));
    await screen.findByText(firmware.name);
    expect(screen.queryByRole('button', { name: 'Upload file' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: `Actions for ${firmware.name}` }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit description' })).toBeNull();
  });

  it('leaves global firmware to those who manage it', async () => {
    const view = renderFiles([global]);
    await view.user.click(
      await screen.findByRole('button', { name: `Actions for ${global.name}` }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});

describe('FilesPage: actions', { timeout: 30_000 }, () => {
  it('deletes a file only after a confirmation naming it', async () => {
    const view = renderFiles([firmware], { 'DELETE /api/files/41': () => ok() });
    await openRowAction(view, firmware.name, 'Delete');
    const prompt = await dialog('Delete file');
    expect(prompt.getByText(new RegExp(`^Delete ${firmware.name}\\?`))).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls('DELETE /api/files/41')).toHaveLength(0);

    await openRowAction(view, firmware.name, 'Delete');
    await view.user.click((await dialog('Delete file')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/files/41')).toHaveLength(1);
    await waitFor(() => expect(view.calls(FILES)).toHaveLength(2));
  });

  it('saves a new description', async () => {
    const view = renderFiles([firmware], {
      'PUT /api/files/41': () => ok(fileInfo({ description: 'Recalled' })),
    });
    await openRowAction(view, firmware.name, 'Edit description');
    const form = await dialog('Edit description');
    const description = form.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('Nightly');
    await view.user.clear(description);
    await view.user.type(description, 'Recalled');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('File updated successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, 'PUT /api/files/41')).toEqual({ description: 'Recalled' });
  });

  it('downloads the ticked files as one ZIP', async () => {
    const click = stubSaves();
    const zip = 'POST /api/files/download/zip';
    const view = renderFiles([firmware, backup], {
      [zip]: () =>
        new Response('PK', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="files.zip"' },
        }),
    });
    await screen.findByText(firmware.name);
    await view.user.click(screen.getByRole('checkbox', { name: /select all/i }));
    await view.user.click(screen.getByRole('button', { name: 'Download as ZIP' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(lastBody(view.calls, zip)).toEqual({ files: [41, 42] });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('files.zip');
  });

  it('shows why a ZIP was refused', async () => {
    stubSaves();
    const view = renderFiles([firmware], {
      'POST /api/files/download/zip': () =>
        jsonResponse(404, {
          success: false,
          errors: [{ code: 'NOT_FOUND', message: 'File not found: 41', source: 'files' }],
        }),
    });
    await screen.findByText(firmware.name);
    await view.user.click(screen.getByRole('checkbox', { name: /select all/i }));
    await view.user.click(screen.getByRole('button', { name: 'Download as ZIP' }));
    expect(await screen.findByText('File not found: 41')).toBeInTheDocument();
  });
});
