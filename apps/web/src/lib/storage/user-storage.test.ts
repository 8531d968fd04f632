import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, errorResponse } from '@/test/mock-api';
import {
  loadUserStorage,
  readUserStorage,
  removeUserStorage,
  writeUserStorage,
} from './user-storage';

afterEach(() => vi.unstubAllGlobals());

describe('per-user storage', () => {
  it('loads records, PUTs existing keys, POSTs new ones and DELETEs', async () => {
    const { calls } = mockApi({
      'GET /api/storage': () => ok([{ key: 'a', value: '1' }]),
      'PUT /api/storage/a': () => ok(),
      'POST /api/storage': () => ok(),
      'DELETE /api/storage/a': () => ok(),
    });
    await loadUserStorage();
    expect(readUserStorage('a')).toBe('1');
    await writeUserStorage('a', '2');
    await writeUserStorage('b', '3');
    await removeUserStorage('a');
    expect(calls('PUT /api/storage/a')[0]?.[1]?.body).toBe('{"value":"2"}');
    expect(calls('POST /api/storage')[0]?.[1]?.body).toBe('{"key":"b","value":"3"}');
    expect(calls('DELETE /api/storage/a')).toHaveLength(1);
    expect(readUserStorage('a')).toBeUndefined();
  });

  it('ignores a failing list', async () => {
    mockApi({ 'GET /api/storage': () => errorResponse(500, 'INTERNAL_ERROR') });
    await expect(loadUserStorage()).resolves.toBeUndefined();
    expect(readUserStorage('a')).toBeUndefined();
  });
});
