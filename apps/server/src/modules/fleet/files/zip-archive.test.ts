import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { zipArchive } from './zip-archive';
import { readZip } from './zip-archive.fixtures';

const entry = (name: string, content: Buffer) => ({
  name,
  // Two chunks: the checksum must carry across them.
  open: async function* () {
    yield content.subarray(0, 3);
    yield content.subarray(3);
  },
});

describe('zipArchive', () => {
  it('packs each file whole, with its checksum and UTF-8 name', async () => {
    const firmware = randomBytes(70_000);
    const config = Buffer.from('config system');
    const archive = await buffer(
      zipArchive([entry('RUT9_R_00.07.07.bin', firmware), entry('konfigūracija.tar.gz', config)]),
    );
    expect(readZip(archive)).toEqual([
      { name: 'RUT9_R_00.07.07.bin', content: firmware, crcOk: true },
      { name: 'konfigūracija.tar.gz', content: config, crcOk: true },
    ]);
  });

  it('names each entry once and never as a folder path', async () => {
    const archive = await buffer(
      zipArchive([
        entry('backup.tar.gz', Buffer.from('one')),
        entry('backup.tar.gz', Buffer.from('two')),
        entry('../etc/passwd', Buffer.from('three')),
      ]),
    );
    expect(readZip(archive).map((e) => e.name)).toEqual([
      'backup.tar.gz',
      'backup.tar (2).gz',
      '.._etc_passwd',
    ]);
  });

  it('fails the stream when a file changes between its two reads', async () => {
    let reads = 0;
    const shifting = {
      name: 'a.bin',
      open: async function* () {
        reads += 1;
        yield Buffer.alloc(reads * 10);
      },
    };
    await expect(buffer(zipArchive([shifting]))).rejects.toThrow('changed while archived');
  });
});
