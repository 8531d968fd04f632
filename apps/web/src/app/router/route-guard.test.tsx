import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser, testBrand } from '@/test/fixtures';
import { api } from '@/lib/api-client';
import { fakePages, renderApp } from '@/test/render-app';
import { cancelRequestsOnRouteChange } from './router';

const pages = fakePages(['account', 'devices.list', 'users.list', 'statistics', 'mail-logs']);

describe('route guard and landing', () => {
  it('sends / to the first permitted built page', async () => {
    const { router } = renderApp({ user: roleUser('super_admin'), pages, path: '/' });
    expect(await screen.findByRole('heading', { name: 'page:devices.list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/management/devices');
  });

  it('sends an unknown path to the first permitted page', async () => {
    const { router } = renderApp({ user: roleUser('admin'), pages, path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'page:devices.list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/management/devices');
  });

  it('redirects a route lacking permission to the first permitted page', async () => {
    const user = roleUser('read_only', { permissions: ['view_users'] });
    const { router } = renderApp({ user, pages, path: '/system/mail-logs' });
    expect(await screen.findByRole('heading', { name: 'page:users.list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('renders a permitted route', async () => {
    renderApp({ user: roleUser('super_admin'), pages, path: '/system/mail-logs' });
    expect(await screen.findByRole('heading', { name: 'page:mail-logs' })).toBeInTheDocument();
  });

  it('shows Access denied without any view permission', async () => {
    const user = roleUser('read_only', { permissions: ['activate_credit_transfer_codes'] });
    renderApp({ user, pages, path: '/management/devices' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.getByText('User has no view permissions available')).toBeInTheDocument();
  });

  it('lands on the account page while no permitted menu page is built', async () => {
    const { router } = renderApp({
      user: roleUser('read_only'),
      pages: fakePages(['account']),
      path: '/',
    });
    expect(await screen.findByRole('heading', { name: 'page:account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('does not mount routes the brand disabled', async () => {
    const { router } = renderApp({
      user: roleUser('super_admin'),
      pages,
      brand: { ...testBrand, disabled_routes: ['mail-logs'] },
      path: '/system/mail-logs',
    });
    expect(await screen.findByRole('heading', { name: 'page:devices.list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/management/devices');
  });

  it('renders public standalone pages without the startup gate', async () => {
    const { calls } = renderApp({ pages: fakePages(['login']), path: '/login' });
    expect(await screen.findByRole('heading', { name: 'page:login' })).toBeInTheDocument();
    expect(calls('GET /api/user')).toHaveLength(0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('route changes', () => {
  it('cancel pending requests', async () => {
    const { router, fetchMock } = renderApp({
      user: roleUser('super_admin'),
      pages,
      path: '/management/devices',
    });
    await screen.findByRole('heading', { name: 'page:devices.list' });
    cancelRequestsOnRouteChange(router);
    let aborted = false;
    fetchMock.mockImplementationOnce(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const pending = api.get('/devices').catch((error: unknown) => error);
    await router.navigate('/users');
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(aborted).toBe(true);
  });
});
