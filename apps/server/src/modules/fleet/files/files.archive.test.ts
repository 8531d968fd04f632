import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useFilesWorld } from './files.fixtures';
import { readZip } from './zip-archive.fixtures';

const { w, uploaded } = useFilesWorld();

describe('archives', () => {
  const zip = (files: unknown, as = w.session) =>
    w.t.app.inject({
      method: 'POST',
      url: '/api/files/download/zip',
      headers: as.headers,
      payload: { files },
    });

  it('packs the chosen files into one ZIP archive, in the order asked', async () => {
    const first = randomBytes(2048);
    const second = randomBytes(100);
    const a = await uploaded(first);
    const b = await uploaded(second);
    const response = await zip([b.id, a.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('files.zip');
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.content)).toEqual([second, first]);
    expect(entries.every((entry) => entry.crcOk)).toBe(true);
    // Both uploads share one name: the archive keeps both.
    expect(entries.map((entry) => entry.name)).toEqual([
      'RUT9_R_00.07.07.bin',
      'RUT9_R_00.07.07 (2).bin',
    ]);
  });

  it('refuses an archive naming a file the caller cannot see, or none, or too many', async () => {
    const file = await uploaded(randomBytes(16));
    const hidden = await zip([file.id], w.stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ errors: [{ source: 'files' }] });
    expect((await zip([])).statusCode).toBe(422);
    expect((await zip(Array.from({ length: 51 }, (_, i) => i + 1))).statusCode).toBe(422);
    expect((await zip(['x'])).statusCode).toBe(422);
  });
});
