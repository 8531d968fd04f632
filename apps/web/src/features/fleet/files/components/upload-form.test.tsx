import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '@netfleet/contracts';
import { stubUploads, type UploadAnswer } from '@/test/fake-xhr';
import { dialog, FILES, fileInfo, renderFiles } from '../test-utils';

const uploaded = fileInfo({ id: 50, name: 'RUTX_R_00.07.10.bin', device_model: 'RUTX11' });

function choose(name: string, size?: number) {
  const file = new File(['firmware'], name, { type: 'application/octet-stream' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  fireEvent.change(input, { target: { files: [file] } });
}

async function openUpload(view: ReturnType<typeof renderFiles>) {
  await screen.findByText('No files yet');
  await view.user.click(screen.getAllByRole('button', { name: 'Upload file' })[0] as HTMLElement);
  return dialog('Upload file');
}

describe('Upload file', { timeout: 30_000 }, () => {
  it('uploads with a progress bar, then lists the new file', async () => {
    let answer: (value: UploadAnswer) => void = () => undefined;
    const { calls } = stubUploads(() => new Promise((resolve) => (answer = resolve)));
    const view = renderFiles([]);
    const form = await openUpload(view);
    choose(uploaded.name);
    await view.user.type(form.getByRole('textbox', { name: 'Device model' }), 'RUTX11');
    await view.user.type(form.getByRole('textbox', { name: 'Description' }), 'Stable');
    await view.user.click(form.getByRole('button', { name: 'Upload' }));

    // Half sent: the bar says so.
    expect(await form.findByRole('progressbar', { name: /Uploading.* 50%$/ })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Upload' })).toBeDisabled();
    answer({ status: 200, body: { success: true, data: uploaded, meta: { id: uploaded.id } } });
    expect(await screen.findByText('File uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload file' })).toBeNull());

    const sent = calls[0];
    expect(sent?.url).toBe('/api/files');
    expect(sent?.form.get('type')).toBe('firmware');
    expect(sent?.form.get('company_id')).toBe('3');
    expect(sent?.form.get('device_model')).toBe('RUTX11');
    expect(sent?.form.get('description')).toBe('Stable');
    expect((sent?.form.get('file') as File).name).toBe(uploaded.name);
    await waitFor(() => expect(view.calls(FILES)).toHaveLength(2));
  });

  it('checks the file before sending anything', async () => {
    const { calls } = stubUploads(() => ({ status: 500, body: {} }));
    const view = renderFiles([]);
    const form = await openUpload(view);
    choose('big.bin', MAX_FILE_SIZE + 1);
    expect(await form.findByText('Maximum file size is 80 MB')).toBeInTheDocument();
    choose('fw|1.bin');
    expect(await form.findByText('File name contains forbidden symbols')).toBeInTheDocument();
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    expect(calls).toHaveLength(0);
  });

  it('asks no device model for other files', async () => {
    stubUploads(() => ({ status: 500, body: {} }));
    const view = renderFiles([]);
    const form = await openUpload(view);
    expect(form.getByRole('textbox', { name: 'Device model' })).toBeInTheDocument();
    await view.user.click(form.getByRole('combobox', { name: /^Type/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Other file' }));
    await waitFor(() => expect(form.queryByRole('textbox', { name: 'Device model' })).toBeNull());
  });

  it('puts the server’s refusal under the field it names', async () => {
    stubUploads(() => ({
      status: 422,
      body: {
        success: false,
        errors: [
          { code: 'VALIDATION_ERROR', message: 'Device model is odd', source: 'device_model' },
        ],
      },
    }));
    const view = renderFiles([]);
    const form = await openUpload(view);
    choose(uploaded.name);
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    const model = form.getByRole('textbox', { name: 'Device model' });
    await waitFor(() => expect(model).toHaveAccessibleDescription(/Device model is odd/));
    expect(within(form.getByRole('form')).queryByRole('progressbar')).toBeNull();
  });
});
