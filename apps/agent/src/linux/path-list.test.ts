import { describe, expect, it } from 'vitest';
import { allowingPath, parsePathList } from './path-list.ts';

describe('--backup-paths and --file-paths', () => {
  it('take absolute paths, normalised', () => {
    expect(parsePathList('')).toEqual([]);
    expect(parsePathList('/etc/app/, /var/lib//x,/etc/app')).toEqual(['/etc/app', '/var/lib/x']);
    expect(parsePathList('etc/app')).toBeNull();
    expect(parsePathList('/')).toBeNull();
  });

  it('allow a path at or under one of them, not one that only starts like it', () => {
    const roots = ['/etc/app', '/srv/drop.conf'];
    expect(allowingPath('/etc/app', roots)).toBe('/etc/app');
    expect(allowingPath('/etc/app/sub/x', roots)).toBe('/etc/app');
    expect(allowingPath('/srv/drop.conf', roots)).toBe('/srv/drop.conf');
    expect(allowingPath('/etc/apple', roots)).toBeUndefined();
    expect(allowingPath('/etc', roots)).toBeUndefined();
  });
});
