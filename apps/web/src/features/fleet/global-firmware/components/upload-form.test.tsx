import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '@netfleet/contracts';
import { jsonResponse } from '@/test/mock-api';
import { dialog, FILES, globalFirmware, renderGlobalFirmware, UPLOAD } from '../test-utils';

const uploaded = globalFirmware({ id: 30, name: 'RUT9_R_00.07.11.bin', description: 'Beta' });

function firmware(name = uploaded.name, size?: number): File {
  const file = new File(['firmware'], name, { type: 'application/octet-stream' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  fireEvent.change(input, { target: { files: [file] } });
}

async function openUpload(view: ReturnType<typeof renderGlobalFirmware>) {
  await screen.findByText('No global firmware yet');
  await view.user.click(
    screen.getAllByRole('button', { name: 'Upload firmware' })[0] as HTMLElement,
  );
  return dialog('Upload firmware');
}

const fieldError = (source: string, message: string) =>
  jsonResponse(422, {
    success: false,
    errors: [{ code: 'VALIDATION_ERROR', message, source }],
  });

describe('Upload firmware', { timeout: 30_000 }, () => {
  it('uploads the file as global firmware of the user’s company, then lists it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const view = renderGlobalFirmware([], {
      [UPLOAD]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const form = await openUpload(view);
    choose(firmware());
    await view.user.type(form.getByRole('textbox', { name: 'Description' }), 'Beta');
    await view.user.click(form.getByRole('button', { name: 'Upload' }));

    expect(await form.findByRole('progressbar', { name: /^Uploading/ })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Upload' })).toBeDisabled();
    answer(jsonResponse(201, { success: true, data: uploaded, meta: { id: uploaded.id } }));
    expect(await screen.findByText('Global firmware uploaded successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload firmware' })).toBeNull(),
    );
    const sent = view.calls(UPLOAD).at(-1)?.[1]?.body as FormData;
    expect(sent.get('type')).toBe('global_firmware');
    expect(sent.get('company_id')).toBe('3');
    expect(sent.get('description')).toBe('Beta');
    expect((sent.get('file') as File).name).toBe(uploaded.name);
    await waitFor(() => expect(view.calls(FILES)).toHaveLength(2));
  });

  it('checks the file before sending anything', async () => {
    const view = renderGlobalFirmware([]);
    const form = await openUpload(view);
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByText('Choose a file to upload')).toBeInTheDocument();

    choose(firmware('fw<1>.bin'));
    expect(await form.findByText('File name contains forbidden symbols')).toBeInTheDocument();
    choose(firmware(uploaded.name, MAX_FILE_SIZE + 1));
    expect(await form.findByText('Maximum file size is 80 MB')).toBeInTheDocument();
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    expect(form.getByText('Maximum file size is 80 MB')).toBeInTheDocument();
    expect(view.calls(UPLOAD)).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names, and others above the buttons', async () => {
    let answer = fieldError('file', 'The file is not a firmware image');
    const view = renderGlobalFirmware([], { [UPLOAD]: () => answer });
    const form = await openUpload(view);
    choose(firmware());
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByText('The file is not a firmware image')).toBeInTheDocument();
    expect(form.getByRole('button', { name: /^Firmware file/ })).toHaveAccessibleDescription(
      /The file is not a firmware image/,
    );
    expect(form.queryByRole('alert')).toBeNull();

    answer = fieldError(
      'type',
      'Managing global firmware needs the upload_files_global_scope permission',
    );
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Managing global firmware needs the upload_files_global_scope permission',
    );
    expect(screen.getByRole('dialog', { name: 'Upload firmware' })).toBeInTheDocument();
    expect(view.calls(UPLOAD)).toHaveLength(2);
  });
});
