import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { errorResponse, jsonResponse, ok } from '@/test/mock-api';
import {
  dialog,
  FILES,
  globalFirmware,
  lastBody,
  queryOf,
  renderGlobalFirmware,
} from '../test-utils';

const stable = globalFirmware();
const anyModel = globalFirmware({
  id: 22,
  name: 'TRB1_R_00.07.10.bin',
  description: '',
  device_model: null,
  size: 512,
  company_name: 'Teltonika',
  created_at: '2026-11-03 09:00:00',
});

const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table', { name: 'Global firmware files' }))
      .getByText(name)
      .closest('tr') as HTMLElement,
  );

async function openRowAction(
  view: ReturnType<typeof renderGlobalFirmware>,
  name: string,
  action: string,
) {
  await screen.findByText(name);
  await view.user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await view.user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('GlobalFirmwarePage: list', { timeout: 30_000 }, () => {
  it('lists the global firmware with size, model, description and uploader', async () => {
    const view = renderGlobalFirmware([stable, anyModel]);
    expect(screen.getByRole('heading', { name: 'Global firmware' })).toBeInTheDocument();
    expect(
      screen.getByText('Firmware files every company can use in firmware updates.'),
    ).toBeInTheDocument();
    await screen.findByText(stable.name);
    const row = rowOf(stable.name);
    expect(row.getByText('25 MB')).toBeInTheDocument();
    expect(row.getByText('RUTX')).toBeInTheDocument();
    expect(row.getByText('Stable release')).toBeInTheDocument();
    expect(row.getByText('Acme')).toBeInTheDocument();
    expect(row.getByText('2026-11-02 08:30:00')).toBeInTheDocument();
    expect(rowOf(anyModel.name).getByText('Any model')).toBeInTheDocument();
    expect(rowOf(anyModel.name).getByText('0.5 KB')).toBeInTheDocument();
    expect(rowOf(anyModel.name).getByText('Teltonika')).toBeInTheDocument();
    expect(queryOf(view.calls(FILES)[0]?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: '-created_at',
      type: 'global_firmware',
    });

    await view.user.type(screen.getByPlaceholderText('Search by name or description'), 'rutx');
    await waitFor(() =>
      expect(queryOf(view.calls(FILES).at(-1)?.[0])).toMatchObject({
        q: 'rutx',
        type: 'global_firmware',
      }),
    );
  });

  it('offers the first upload when there is no global firmware yet', async () => {
    const view = renderGlobalFirmware([]);
    expect(await screen.findByText('No global firmware yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    const buttons = screen.getAllByRole('button', { name: 'Upload firmware' });
    expect(buttons).toHaveLength(2);
    await view.user.click(buttons[1] as HTMLElement);
    expect(await dialog('Upload firmware')).toBeTruthy();
  });
});

describe('GlobalFirmwarePage: row actions', { timeout: 30_000 }, () => {
  it('deletes a file only after a confirmation naming it', async () => {
    const view = renderGlobalFirmware([stable, anyModel], {
      'DELETE /api/files/21': () => ok(),
    });
    await openRowAction(view, stable.name, 'Delete');
    const prompt = await dialog('Delete global firmware');
    expect(
      prompt.getByText(
        `Delete global firmware ${stable.name}? Companies can no longer use it for updates.`,
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls('DELETE /api/files/21')).toHaveLength(0);

    await openRowAction(view, stable.name, 'Delete');
    await view.user.click(
      (await dialog('Delete global firmware')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Global firmware removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/files/21')).toHaveLength(1);
    await waitFor(() => expect(view.calls(FILES)).toHaveLength(2));
  });

  it('shows why a deletion was refused', async () => {
    const view = renderGlobalFirmware([stable], {
      'DELETE /api/files/21': () =>
        errorResponse(
          403,
          'FORBIDDEN',
          'Managing global firmware needs the upload_files_global_scope permission',
        ),
    });
    await openRowAction(view, stable.name, 'Delete');
    await view.user.click(
      (await dialog('Delete global firmware')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(
        'Managing global firmware needs the upload_files_global_scope permission',
      ),
    ).toBeInTheDocument();
  });

  it('saves a new description', async () => {
    const view = renderGlobalFirmware([stable], {
      'PUT /api/files/21': () => ok(globalFirmware({ description: 'Recalled' })),
    });
    await openRowAction(view, stable.name, 'Edit description');
    const form = await dialog('Edit description');
    const description = form.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('Stable release');
    await view.user.clear(description);
    await view.user.type(description, '  Recalled ');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Global firmware updated successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, 'PUT /api/files/21')).toEqual({ description: 'Recalled' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit description' })).toBeNull(),
    );
    await waitFor(() => expect(view.calls(FILES)).toHaveLength(2));
  });

  it('shows a refused description under its field', async () => {
    const view = renderGlobalFirmware([stable], {
      'PUT /api/files/21': () =>
        jsonResponse(422, {
          success: false,
          errors: [
            { code: 'VALIDATION_ERROR', message: 'Description is too long', source: 'description' },
          ],
        }),
    });
    await openRowAction(view, stable.name, 'Edit description');
    const form = await dialog('Edit description');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Description is too long')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'Description is too long',
    );
  });

  it('downloads a file from its row', async () => {
    URL.createObjectURL = () => 'blob:firmware';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    const download = `GET /api/files/${stable.id}/download`;
    const view = renderGlobalFirmware([stable], {
      [download]: () => new Response('firmware', { status: 200 }),
    });
    await openRowAction(view, stable.name, 'Download');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(view.calls(download)).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(stable.name);
  });
});
