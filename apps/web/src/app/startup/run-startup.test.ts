import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { roleUser } from '@/test/fixtures';
import { runStartup, type StartupDeps } from './run-startup';

function deps(overrides: Partial<StartupDeps>): StartupDeps {
  return {
    fetchUser: () => Promise.resolve(roleUser('admin')),
    loadStorage: () => Promise.resolve(),
    isOnline: () => true,
    currentLocation: () => '/management/devices',
    ...overrides,
  };
}

describe('runStartup', () => {
  it('loads the user, then the storage', async () => {
    const order: string[] = [];
    const outcome = await runStartup(
      deps({
        fetchUser: () => {
          order.push('user');
          return Promise.resolve(roleUser('admin'));
        },
        loadStorage: () => {
          order.push('storage');
          return Promise.resolve();
        },
      }),
    );
    expect(outcome.kind).toBe('ready');
    expect(order).toEqual(['user', 'storage']);
  });

  it('shows maintenance with the user request timeout', async () => {
    const timeout = new ApiError(408, 'Request Timeout', [], 'User request timeout');
    const outcome = await runStartup(deps({ fetchUser: () => Promise.reject(timeout) }));
    expect(outcome).toEqual({ kind: 'maintenance', reason: 'User request timeout' });
  });

  it('shows maintenance with the offline advice when the connection went away', async () => {
    const lost = new ApiError(0, '', [], 'Failed to fetch');
    // Online at the start, gone by the time the user request failed.
    let online = true;
    const dropping = await runStartup(
      deps({
        fetchUser: () => {
          online = false;
          return Promise.reject(lost);
        },
        isOnline: () => online,
      }),
    );
    expect(dropping).toEqual({
      kind: 'maintenance',
      reason:
        'You are offline. Check your network cables, modem and router, or reconnect to Wi-Fi.',
    });
  });

  it('shows a blocking notice for a 401 with a global code, not the login page', async () => {
    const blocked = new ApiError(401, 'Unauthorized', [
      { code: 'MFA_MANDATORY', message: 'Set up MFA', source: null },
    ]);
    const outcome = await runStartup(deps({ fetchUser: () => Promise.reject(blocked) }));
    expect(outcome).toEqual({ kind: 'notice', code: 'MFA_MANDATORY' });
  });

  it('rethrows programming errors', async () => {
    const bug = new TypeError('boom');
    await expect(runStartup(deps({ fetchUser: () => Promise.reject(bug) }))).rejects.toBe(bug);
  });

  it('goes to maintenance after 3 failed revokes', async () => {
    sessionStorage.setItem('revoke_failures', '3');
    const fetchUser = vi.fn(() => Promise.resolve(roleUser('admin')));
    expect(await runStartup(deps({ fetchUser }))).toEqual({ kind: 'maintenance' });
    expect(fetchUser).not.toHaveBeenCalled();
  });
});
