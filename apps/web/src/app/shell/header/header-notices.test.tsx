import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { fakePages, renderApp } from '@/test/render-app';

const notice = {
  id: 1,
  type: 'critical',
  message: 'Outage <b>tonight</b>',
  enabled_at: '2026-05-02T10:00:00Z',
};

describe('header wiring of issue 3 pages', () => {
  it("shows the global notices control with 'Important' in the shell header", async () => {
    const { calls } = renderApp({
      user: roleUser('end_user'),
      pages: fakePages(['account']),
      path: '/account',
      api: { 'GET /api/notices': () => ok([notice]) },
    });
    const control = await screen.findByRole('button', { name: /Global notices/ });
    expect(within(control).getByText('Important')).toBeInTheDocument();
    expect(calls('GET /api/notices')).toHaveLength(1);
  });

  it('links the changelog with the app version from the account menu', async () => {
    renderApp({
      user: roleUser('end_user'),
      pages: fakePages(['account', 'changelog']),
      path: '/account',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const item = await screen.findByRole('menuitem', {
      name: new RegExp(`Changelog.*${APP_VERSION}`),
    });
    expect(item).toHaveAttribute('href', '/changelog');
  });
});
