import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { fakePages, renderApp } from '@/test/render-app';
import { recordRunningVersion } from './use-version-check';

/** Stands in for /versionWorker.js: reports a newer deployed build right away. */
class NewerVersionWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor() {
    setTimeout(() =>
      this.onmessage?.(
        new MessageEvent('message', { data: { version: '5.15.0', timestamp: 2000 } }),
      ),
    );
  }
  terminate(): void {}
}

describe('update prompt', () => {
  it('offers a reload 1 s after a newer version is reported; Later resets the timestamp', async () => {
    vi.stubGlobal('Worker', NewerVersionWorker);
    recordRunningVersion('5.14.0', 1000);
    renderApp({ user: roleUser('admin'), pages: fakePages(['account']), path: '/account' });
    expect(
      await screen.findByText('A new version is available', {}, { timeout: 2500 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    expect(localStorage.getItem('current_version_timestamp')).toBe('0');
  });

  it('Reload records the new version and reloads', async () => {
    vi.stubGlobal('Worker', NewerVersionWorker);
    recordRunningVersion('5.14.0', 1000);
    const { hooks } = renderApp({
      user: roleUser('admin'),
      pages: fakePages(['account']),
      path: '/account',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }, { timeout: 2500 }));
    expect(hooks.reload).toHaveBeenCalled();
    expect(localStorage.getItem('spa_version')).toBe('5.15.0');
  });
});
