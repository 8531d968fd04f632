import { SECRET_VALUE_MASK } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { completedUpdate } from './job-steps';

describe('completed job updates', () => {
  it('shows a command’s output, and a structured result by the device’s summary', () => {
    expect(
      completedUpdate({ id: 1, status: 'completed', result: ' up 3 days' }, 'command'),
    ).toEqual({
      status: 'completed',
      value: ' up 3 days',
    });
    const results = JSON.stringify({ results: [] });
    expect(
      completedUpdate(
        { id: 1, status: 'completed', result: results, message: '2 changes applied' },
        'config_set',
      ),
    ).toEqual({ status: 'completed', value: '2 changes applied' });
    // Without a summary the data is the value (RMS clients read configuration values there).
    expect(
      completedUpdate({ id: 1, status: 'completed', result: results }, 'config_set').value,
    ).toBe(results);
    expect(completedUpdate({ id: 1, status: 'completed' }, 'reboot').value).toBe('Completed');
  });

  it('links an uploaded backup to its file', () => {
    const result = JSON.stringify({ file_id: 7, name: 'RUT240_1_x.tar.gz', size: 9, sha256: 'a' });
    expect(
      completedUpdate(
        { id: 1, status: 'completed', result, message: 'Backup uploaded' },
        'backup_export',
      ),
    ).toEqual({
      status: 'completed',
      value: 'Backup uploaded: RUT240_1_x.tar.gz',
      link: '/api/files/7/download',
    });
  });

  it('masks the secrets of a configuration answer shown as the value, not of other output', () => {
    const wireless = { wifi: { '.type': 'wifi-iface', ssid: 'Office', key: 'wifi-key-1234' } };
    const read = completedUpdate(
      { id: 1, status: 'completed', result: JSON.stringify({ wireless }) },
      'config_get',
    );
    expect(JSON.parse(read.value)).toEqual({
      wireless: { wifi: { ...wireless.wifi, key: SECRET_VALUE_MASK } },
    });
    const section = { '.type': 'service', password: 'ddns-pass-1' };
    const set = completedUpdate(
      {
        id: 1,
        status: 'completed',
        result: JSON.stringify({
          results: [{ path: '/ddns/a', method: 'post', code: 201, before: null, after: section }],
        }),
      },
      'config_set',
    );
    expect(set.value).not.toContain('ddns-pass-1');
    expect(set.value).toContain(SECRET_VALUE_MASK);
    // A command's output is the device's own words, whatever they say.
    const output = JSON.stringify({ wireless });
    expect(completedUpdate({ id: 1, status: 'completed', result: output }, 'command').value).toBe(
      output,
    );
  });
});
