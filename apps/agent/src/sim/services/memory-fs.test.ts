import { describe, expect, it } from 'vitest';
import { MemoryFs, type FsError } from './memory-fs.ts';

const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as FsError).code;
  }
  return 'ok';
};

describe('in-memory filesystem', () => {
  it('charges file data and entries against the cap, and frees them again', () => {
    const fs = new MemoryFs(10_000);
    fs.mkdir('/tmp');
    const file = fs.open('/tmp/a', { create: true, truncate: false, exclusive: false });
    fs.write(file, 0, Buffer.alloc(5000));
    expect(code(() => fs.write(file, 5000, Buffer.alloc(5000)))).toBe('ENOSPC');
    // A write past the end leaves zeroes in between.
    fs.write(file, 6000, Buffer.from('x'));
    expect(file.size).toBe(6001);
    expect(fs.read(file, 5990, 20).toString('latin1')).toBe(`${'\0'.repeat(10)}x`);
    fs.unlink('/tmp/a');
    // A handle left open on a removed file cannot grow it behind the cap's back.
    expect(code(() => fs.write(file, 0, Buffer.from('late')))).toBe('ENOENT');
    fs.rmdir('/tmp');
    expect(fs.used).toBe(0);
  });

  it('follows POSIX rules for paths, directories and renames', () => {
    const fs = new MemoryFs();
    fs.mkdir('/a');
    fs.mkdir('/a/b');
    fs.writeFile('/a/f', 'data');
    expect(code(() => fs.mkdir('/a'))).toBe('EEXIST');
    expect(code(() => fs.rmdir('/a'))).toBe('ENOTEMPTY');
    expect(code(() => fs.unlink('/a/b'))).toBe('EISDIR');
    expect(code(() => fs.stat('/a/f/x'))).toBe('ENOTDIR');
    expect(
      code(() => fs.open('/nope/f', { create: true, truncate: false, exclusive: false })),
    ).toBe('ENOENT');
    expect(code(() => fs.open('/a/f', { create: true, truncate: false, exclusive: true }))).toBe(
      'EEXIST',
    );
    expect(code(() => fs.rename('/a', '/a/b/c'))).toBe('EINVAL');
    expect(code(() => fs.rename('/a/f', '/a/b'))).toBe('EEXIST');
    expect(code(() => fs.stat(`/${'x'.repeat(256)}`))).toBe('ENAMETOOLONG');
    fs.rename('/a/f', '/a/b/../g');
    expect(fs.list('/a').map(([name]) => name)).toEqual(['b', 'g']);
    expect(fs.file('/a/./g').size).toBe(4);
  });
});
