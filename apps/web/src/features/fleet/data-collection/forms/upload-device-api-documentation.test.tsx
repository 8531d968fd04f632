import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEVICE_DOCUMENTATION_MAX_BYTES, DEVICE_DOCUMENTATION_MESSAGES } from '@netfleet/contracts';
import { SchemaForm } from '@/components/schema-form';
import { hiddenFileInput } from '@/components/schema-form/test-utils';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { renderWithSession } from '../test-utils';
import { uploadDeviceApiDocumentationForm } from './upload-device-api-documentation';

const URL = 'POST /api/device-documentations';

function renderForm(answer: () => Response) {
  return renderWithSession(<SchemaForm definition={uploadDeviceApiDocumentationForm} />, {
    url: '/',
    path: '/',
    user: roleUser('super_admin'),
    api: { [URL]: answer },
  });
}

const documentFile = () =>
  new File(['{"openapi":"3.0.0","info":{"version":"7.14"},"paths":{}}'], 'tswos-7.14.json', {
    type: 'application/json',
  });

const sentBody = (view: ReturnType<typeof renderForm>) =>
  (view.calls(URL).at(-1)?.[1] as RequestInit | undefined)?.body;

describe('upload-device-api-documentation', () => {
  it('sends the system, the file and overwrite as multipart', async () => {
    const view = renderForm(() => jsonResponse(201, { success: true, data: { id: 4 } }));
    await view.user.click(screen.getByRole('radio', { name: 'TSWOS' }));
    await view.user.upload(hiddenFileInput('file'), documentFile());
    await view.user.click(screen.getByLabelText('Overwrite'));
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls(URL)).toHaveLength(1));
    const body = sentBody(view);
    expect(body).toBeInstanceOf(FormData);
    const data = body as FormData;
    expect(data.get('system')).toBe('tswos');
    expect(data.get('overwrite')).toBe('true');
    expect((data.get('file') as File).name).toBe('tswos-7.14.json');
    expect(
      await screen.findByText('Device API documentation uploaded successfully'),
    ).toBeInTheDocument();
  });

  it('requires a file, and shows the refusal of a known version under it', async () => {
    const view = renderForm(() =>
      jsonResponse(409, {
        success: false,
        errors: [
          { code: 'CONFLICT', message: DEVICE_DOCUMENTATION_MESSAGES.exists, source: 'file' },
        ],
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(view.calls(URL)).toHaveLength(0);

    await view.user.upload(hiddenFileInput('file'), documentFile());
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(DEVICE_DOCUMENTATION_MESSAGES.exists)).toBeInTheDocument();
    const data = sentBody(view) as FormData;
    expect(data.get('system')).toBe('rutos');
  });

  it('refuses a file over the 20 MB the server reads before uploading it', async () => {
    const view = renderForm(() => jsonResponse(201, { success: true, data: { id: 4 } }));
    const big = documentFile();
    Object.defineProperty(big, 'size', { value: DEVICE_DOCUMENTATION_MAX_BYTES + 1 });
    await view.user.upload(hiddenFileInput('file'), big);
    expect(await screen.findByText(DEVICE_DOCUMENTATION_MESSAGES.tooLarge)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(view.calls(URL)).toHaveLength(0);
  });
});
