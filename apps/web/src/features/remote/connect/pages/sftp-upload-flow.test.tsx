import { act, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { uploadSftpFile } from '../api/sftp-upload';
import { connectSession, lastBody, ok, renderConnectPage, sftpEntry } from '../test-utils';
import { SftpConnectPage } from './sftp-connect-page';

// The request itself is sftp-upload.test.ts's; here the test reports its progress.
vi.mock('../api/sftp-upload', () => ({ uploadSftpFile: vi.fn() }));

const BASE = '/api/connect/sessions/5/sftp';

describe('SftpConnectPage uploads (StrictMode, as in development)', () => {
  it('signs in once with the saved credential and shows each upload’s progress', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    vi.mocked(uploadSftpFile).mockImplementation((_id, _dir, _file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { user, calls } = renderConnectPage(
      <StrictMode>
        <SftpConnectPage />
      </StrictMode>,
      '/rms-connect/sftp?session=5',
      {
        'GET /api/devices/connect/sessions/5': () => ok(connectSession({ protocol: 'sftp' })),
        'GET /api/devices/42/connect/credentials': () =>
          ok({ device_id: 42, username: 'root', auth: 'key' }),
        [`POST ${BASE}/login`]: () => ok(null),
        [`GET ${BASE}/list`]: () => ok([sftpEntry()]),
      },
    );
    await screen.findByTestId('sftp-table');
    expect(calls(`POST ${BASE}/login`)).toHaveLength(1);
    expect(lastBody(calls, `POST ${BASE}/login`)).toEqual({ username: 'root', use_saved: true });

    const file = new File(['x'], 'router.conf');
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('No file input');
    await user.upload(input, file);
    const [id, dir, sent, , signal] = vi.mocked(uploadSftpFile).mock.calls[0] ?? [];
    expect([id, dir, sent]).toEqual([5, '/root', file]);
    expect(signal?.aborted).toBe(false);

    act(() => report(0.5));
    const uploads = within(screen.getByRole('region', { name: 'Uploads' }));
    expect(uploads.getByText('50%')).toBeInTheDocument();
    const listed = calls(`GET ${BASE}/list`).length;
    await act(async () => finish());
    expect(uploads.getByText('Uploaded')).toBeInTheDocument();
    // The folder is listed again with the new file.
    await waitFor(() => expect(calls(`GET ${BASE}/list`).length).toBeGreaterThan(listed));
  });
});
