import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, tarEnd, tarHeader, tarPadding, TarError } from './ustar';

const dir = mkdtempSync(join(tmpdir(), 'nf-ustar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LONG = `files/${'d'.repeat(90)}/${'f'.repeat(90)}`;
const FILES: [string, Buffer][] = [
  ['manifest.json', Buffer.from('{"a":1}\n')],
  ['empty', Buffer.alloc(0)],
  ['files/images/exact', Buffer.alloc(512, 7)],
  [LONG, Buffer.from('ünïcödé')],
];

const archive = (entries: [string, Buffer][]) =>
  Buffer.concat([
    ...entries.flatMap(([name, data]) => [
      tarHeader(name, data.length, new Date(0)),
      data,
      tarPadding(data.length),
    ]),
    tarEnd(),
  ]);

async function* chunked(data: Buffer, size = 100) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

const readAll = async (data: Buffer) => {
  const out: [string, Buffer][] = [];
  for await (const entry of readTar(chunked(data))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    out.push([entry.name, Buffer.concat(parts)]);
  }
  return out;
};

describe('ustar', () => {
  it('reads back what it writes, long names included', async () => {
    expect(await readAll(archive(FILES))).toEqual(FILES);
  });

  it('writes archives that tar(1) extracts', () => {
    const path = join(dir, 'a.tar');
    writeFileSync(path, archive(FILES));
    execFileSync('tar', ['-xf', path, '-C', dir]);
    expect(readFileSync(join(dir, LONG), 'utf8')).toBe('ünïcödé');
    expect(readFileSync(join(dir, 'files/images/exact'))).toEqual(Buffer.alloc(512, 7));
  });

  it('skips entries left unread', async () => {
    const names: string[] = [];
    for await (const entry of readTar(chunked(archive(FILES)))) names.push(entry.name);
    expect(names).toEqual(FILES.map(([name]) => name));
  });

  it('refuses truncated, damaged and unsafe archives', async () => {
    const whole = archive(FILES);
    await expect(readAll(whole.subarray(0, 700))).rejects.toThrow(TarError);
    const damaged = Buffer.from(whole);
    damaged[10] = 0x41;
    await expect(readAll(damaged)).rejects.toThrow(/corrupt tar header/);
    await expect(readAll(archive([['../escape', Buffer.from('x')]]))).rejects.toThrow(/unsafe/);
    await expect(readAll(archive([['/etc/x', Buffer.from('x')]]))).rejects.toThrow(/unsafe/);
  });
});
