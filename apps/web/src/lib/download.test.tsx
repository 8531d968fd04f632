import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, ok } from '@/test/mock-api';
import { downloadFile, filenameFromDisposition, DOWNLOAD_FAILED_MESSAGE } from './download';
import { configureSessionHooks, resetSessionHooks } from './session-hooks';

describe('filenameFromDisposition', () => {
  it('reads the quoted and the plain filename', () => {
    expect(filenameFromDisposition('attachment; filename="report 1.csv"')).toBe('report 1.csv');
    expect(filenameFromDisposition('attachment; filename=backup.tar.gz')).toBe('backup.tar.gz');
    expect(filenameFromDisposition('attachment;filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it('prefers the encoded filename* in UTF-8 or ISO-8859-1', () => {
    expect(
      filenameFromDisposition(
        'attachment; filename="fallback.txt"; filename*=UTF-8\'\'na%C3%AFve%20r%C3%A9sum%C3%A9.txt',
      ),
    ).toBe('naïve résumé.txt');
    expect(filenameFromDisposition("attachment; filename*=iso-8859-1'en'caf%E9.txt")).toBe(
      'café.txt',
    );
    // A broken encoding falls back to the plain name.
    expect(
      filenameFromDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.txt"'),
    ).toBe('plain.txt');
  });

  it('keeps only the last path segment and answers null without a name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename="..\\\\evil.exe"')).toBe('evil.exe');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  let saved: { blob: Blob; filename: string }[] = [];

  // jsdom has no object URLs: record the blob handed over and the name of the link clicked.
  beforeEach(() => {
    saved = [];
    let blob: Blob | undefined;
    URL.createObjectURL = (value: Blob | MediaSource) => {
      blob = value as Blob;
      return 'blob:file';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (blob) saved.push({ blob, filename: this.download });
    });
    configureSessionHooks({ redirect: vi.fn(), reload: vi.fn() });
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
  });

  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
    resetSessionHooks();
  });

  const file = (disposition?: string) =>
    new Response('col\r\n1\r\n', {
      status: 200,
      headers: {
        'Content-Type': 'text/csv',
        ...(disposition ? { 'Content-Disposition': disposition } : {}),
      },
    });

  it('saves the body under the server-given name with the API headers and cookies', async () => {
    const { calls } = mockApi({
      'GET /api/reports/4/file': () =>
        file('attachment; filename="r.csv"; filename*=UTF-8\'\'r%C3%A9port.csv'),
    });
    document.cookie = 'RMS-XSRF-TOKEN=xsrf1';
    await expect(downloadFile('/reports/4/file', { query: { format: 'csv' } })).resolves.toBe(true);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.filename).toBe('réport.csv');
    expect(await saved[0]?.blob.text()).toBe('col\r\n1\r\n');
    const [url, init] = calls('GET /api/reports/4/file')[0] ?? [];
    expect(url).toBe('/api/reports/4/file?format=csv');
    expect(init?.credentials).toBe('include');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf1');
  });

  it('falls back to the given name, then the last path segment', async () => {
    mockApi({ 'GET /api/files/9/backup.tar': () => file() });
    await downloadFile('/files/9/backup.tar', { filename: 'router.tar' });
    await downloadFile('/files/9/backup.tar');
    expect(saved.map((entry) => entry.filename)).toEqual(['router.tar', 'backup.tar']);
  });

  it('refreshes the token once on a 401 and tries again', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/files/1/download': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(401, 'UNAUTHORIZED')
          : file('attachment; filename=a.bin');
      },
      'POST /account/token/refresh': () => ok(),
    });
    await expect(downloadFile('/files/1/download')).resolves.toBe(true);
    expect(calls('POST /account/token/refresh')).toHaveLength(1);
    expect(calls('GET /api/files/1/download')).toHaveLength(2);
    expect(saved[0]?.filename).toBe('a.bin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives up after the retry also answers 401', async () => {
    const { calls } = mockApi({
      'GET /api/files/1/download': () => errorResponse(401, 'UNAUTHORIZED', 'Unauthenticated'),
      'POST /account/token/refresh': () => ok(),
    });
    await expect(downloadFile('/files/1/download')).resolves.toBe(false);
    expect(calls('GET /api/files/1/download')).toHaveLength(2);
    expect(saved).toHaveLength(0);
  });

  it("shows the server's message, or a generic one, as a toast on other failures", async () => {
    mockApi({
      'GET /api/files/2/download': () => errorResponse(404, 'NOT_FOUND', 'File not found'),
    });
    await expect(downloadFile('/files/2/download')).resolves.toBe(false);
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await downloadFile('/files/2/download');
    expect(await screen.findByText(DOWNLOAD_FAILED_MESSAGE)).toBeInTheDocument();
  });
});
