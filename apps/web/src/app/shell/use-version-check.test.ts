import { describe, expect, it } from 'vitest';
import { compareDeployed, recordRunningVersion } from './use-version-check';

describe('version check', () => {
  it('records the running build for X-SPA-VERSION and comparison', () => {
    recordRunningVersion('5.14.0', 1000);
    expect(localStorage.getItem('spa_version')).toBe('5.14.0');
    expect(localStorage.getItem('current_version_timestamp')).toBe('1000');
  });

  it('offers only a newer deployed build', () => {
    recordRunningVersion('5.14.0', 1000);
    expect(compareDeployed({ version: '5.14.0', timestamp: 1000 })).toBeNull();
    expect(compareDeployed({ version: '5.14.1', timestamp: 2000 })).toEqual({
      version: '5.14.1',
      timestamp: 2000,
    });
  });

  it("takes the next report as the baseline after 'Later' reset the timestamp to 0", () => {
    localStorage.setItem('current_version_timestamp', '0');
    expect(compareDeployed({ version: '5.14.1', timestamp: 2000 })).toBeNull();
    expect(localStorage.getItem('current_version_timestamp')).toBe('2000');
  });
});
