import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareDeployed, recordRunningVersion, useVersionCheck } from './use-version-check';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Stands in for /versionWorker.js; the test posts its reports. */
class ReportingWorker {
  static last: ReportingWorker | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor() {
    ReportingWorker.last = this;
  }
  report(version: string, timestamp: number): void {
    this.onmessage?.(new MessageEvent('message', { data: { version, timestamp } }));
  }
  terminate(): void {}
}

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

describe('useVersionCheck (spec §4 update prompt)', () => {
  it('offers a new version exactly 1 s after it is detected; Later hides it and resets to 0', () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', ReportingWorker);
    recordRunningVersion('5.14.0', 1000);
    const { result } = renderHook(() => useVersionCheck());
    const worker = ReportingWorker.last;
    if (!worker) throw new Error('no worker started');

    act(() => worker.report('5.15.0', 2000));
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.available).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.available).toEqual({ version: '5.15.0', timestamp: 2000 });

    act(() => result.current.later());
    expect(result.current.available).toBeNull();
    expect(localStorage.getItem('current_version_timestamp')).toBe('0');

    // The worker keeps polling: the same deployment is now the baseline, not a new prompt ...
    act(() => worker.report('5.15.0', 2000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.available).toBeNull();
    expect(localStorage.getItem('current_version_timestamp')).toBe('2000');

    // ... while a later deployment is offered again.
    act(() => worker.report('5.16.0', 3000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.available).toEqual({ version: '5.16.0', timestamp: 3000 });
  });
});
