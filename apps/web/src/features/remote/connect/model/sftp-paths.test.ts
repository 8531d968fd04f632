import { describe, expect, it } from 'vitest';
import { isValidName, joinPath, pathCrumbs, startPath } from './sftp-paths';

describe('sftp paths', () => {
  it('joins a folder and a name', () => {
    expect(joinPath('/', 'etc')).toBe('/etc');
    expect(joinPath('/root', 'a.txt')).toBe('/root/a.txt');
  });

  it('lists a path’s crumbs from the root', () => {
    expect(pathCrumbs('/')).toEqual([{ label: '/', path: '/' }]);
    expect(pathCrumbs('/root/etc')).toEqual([
      { label: '/', path: '/' },
      { label: 'root', path: '/root' },
      { label: 'etc', path: '/root/etc' },
    ]);
  });

  it('starts in root’s home for root, else at the root', () => {
    expect(startPath('root')).toBe('/root');
    expect(startPath('admin')).toBe('/');
  });

  it('takes one path segment as a name', () => {
    expect(isValidName('a.txt')).toBe(true);
    expect(isValidName('')).toBe(false);
    expect(isValidName('a/b')).toBe(false);
  });
});
