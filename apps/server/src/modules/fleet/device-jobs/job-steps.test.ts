import { describe, expect, it } from 'vitest';
import { completedUpdate } from './job-steps';

describe('completed job updates', () => {
  it('shows a command’s output, and a structured result by the device’s summary', () => {
    expect(completedUpdate({ id: 1, status: 'completed', result: ' up 3 days' })).toEqual({
      status: 'completed',
      value: ' up 3 days',
    });
    const results = JSON.stringify({ results: [] });
    expect(
      completedUpdate({
        id: 1,
        status: 'completed',
        result: results,
        message: '2 changes applied',
      }),
    ).toEqual({ status: 'completed', value: '2 changes applied' });
    // Without a summary the data is the value (RMS clients read configuration values there).
    expect(completedUpdate({ id: 1, status: 'completed', result: results }).value).toBe(results);
    expect(completedUpdate({ id: 1, status: 'completed' }).value).toBe('Completed');
  });

  it('links an uploaded backup to its file', () => {
    const result = JSON.stringify({ file_id: 7, name: 'RUT240_1_x.tar.gz', size: 9, sha256: 'a' });
    expect(
      completedUpdate({ id: 1, status: 'completed', result, message: 'Backup uploaded' }),
    ).toEqual({
      status: 'completed',
      value: 'Backup uploaded: RUT240_1_x.tar.gz',
      link: '/api/files/7/download',
    });
  });
});
