import { describe, expect, it } from 'vitest';
import { pendingUpdate } from '../test-utils';
import { cancelBody, progressPercent } from './pending';

describe('cancelBody', () => {
  it('names the jobs of each device once', () => {
    const jobs = [
      pendingUpdate({ id: 1, device_id: 42 }),
      pendingUpdate({ id: 2, device_id: 43 }),
      pendingUpdate({ id: 3, device_id: 42 }),
    ];
    expect(cancelBody(jobs)).toEqual({
      data: [
        { id: 42, job_id: [1, 3] },
        { id: 43, job_id: [2] },
      ],
    });
  });
});

describe('progressPercent', () => {
  it('rounds and bounds the share done', () => {
    expect(progressPercent({ value: 1, total: 3 })).toBe(33);
    expect(progressPercent({ value: 5, total: 4 })).toBe(100);
    expect(progressPercent({ value: 0, total: 0 })).toBe(0);
  });
});
