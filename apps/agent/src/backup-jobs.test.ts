import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { BACKUP_UPLOAD, uploadBackup } from './backup-jobs.ts';
import type { CommandContext } from './types.ts';
import { uploadOutcome } from './upload.ts';

const answer = { file_id: 3, name: 'RUTX11_1100000001.tar.gz', size: 20, sha256: 'a'.repeat(64) };

describe('what a backup upload answer means for the ack', () => {
  it('completes with the answer as result', () => {
    expect(uploadOutcome(200, JSON.stringify(answer), BACKUP_UPLOAD)).toEqual({
      status: 'completed',
      message: 'Backup uploaded',
      result: JSON.stringify(answer),
    });
  });

  it("fails with the server's first error, the HTTP status, or an answer it cannot read", () => {
    const envelope = { success: false, errors: [{ message: 'Link expired' }, { message: 'x' }] };
    expect(uploadOutcome(403, JSON.stringify(envelope), BACKUP_UPLOAD)).toEqual({
      status: 'failed',
      message: 'Link expired',
    });
    expect(uploadOutcome(404, 'Not Found', BACKUP_UPLOAD)).toEqual({
      status: 'failed',
      message: 'Upload failed: HTTP 404',
    });
    expect(uploadOutcome(200, '{"ok":true}', BACKUP_UPLOAD)).toEqual({
      status: 'failed',
      message: 'Upload failed: unexpected answer (HTTP 200)',
    });
  });

  it('fails with why when the server cannot be reached', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const context: CommandContext = {
      progress: vi.fn(async () => undefined),
      sendAllTelemetry: () => undefined,
      restart: async () => undefined,
      collect: () => undefined,
    };
    const outcome = await uploadBackup(
      { upload_url: `http://127.0.0.1:${port}/upload`, max_size: 1000 },
      new Uint8Array(10),
      context,
    );
    expect(outcome).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^Upload failed: fetch failed: .*ECONNREFUSED/),
    });
    expect(context.progress).toHaveBeenCalledExactlyOnceWith(0, 10, 'uploading');
  });
});
