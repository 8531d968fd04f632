import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { roleUser, testBrand } from '@/test/fixtures';
import { fakePages, renderApp } from '@/test/render-app';

// Pages from several groups, as later issues will register them.
const pages = fakePages([
  'account',
  'devices.list',
  'hotspots',
  'wifi',
  'users.list',
  'users.invitations',
  'users.roles',
  'statistics',
  'mail-logs',
  'auth-devices',
]);

async function navigation() {
  return within(await screen.findByRole('navigation', { name: 'Main navigation' }));
}

describe('menu gating', () => {
  it('shows a super admin every group that has built pages', async () => {
    renderApp({ user: roleUser('super_admin'), pages, path: '/management/devices' });
    const nav = await navigation();
    expect(nav.getByText('Management')).toBeInTheDocument();
    expect(nav.getByText('Administration')).toBeInTheDocument();
    expect(nav.getByText('System')).toBeInTheDocument();
    // No VPN or remote access pages are built, so those groups stay hidden.
    expect(nav.queryByText('VPN')).not.toBeInTheDocument();
    expect(nav.queryByText('Remote access')).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Devices' })).toHaveAttribute(
      'href',
      '/management/devices',
    );
  });

  it('shows a read-only user fewer groups and items', async () => {
    renderApp({ user: roleUser('read_only'), pages, path: '/management/devices' });
    const nav = await navigation();
    expect(nav.getByText('Management')).toBeInTheDocument();
    expect(nav.queryByText('System')).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Approved devices' })).not.toBeInTheDocument();
  });

  it("hides the brand's disabled routes", async () => {
    const brand = { ...testBrand, disabled_routes: ['devices.list'] };
    renderApp({ user: roleUser('super_admin'), pages, brand, path: '/management/hotspots' });
    const nav = await navigation();
    expect(nav.queryByRole('link', { name: 'Devices' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Wi-Fi & Hotspots' })).toBeInTheDocument();
  });

  it('lets the first permitted routeNameMap entry decide title and route', async () => {
    const user = roleUser('read_only', {
      permissions: ['view_user_invitations', 'view_roles', 'view_wireless_information'],
    });
    renderApp({ user, pages, path: '/users/invitations' });
    const nav = await navigation();
    expect(nav.getByRole('link', { name: 'Invitations' })).toHaveAttribute(
      'href',
      '/users/invitations',
    );
    expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    // Its group is closed (the active route is in Administration): open it as a user would.
    await userEvent.click(nav.getByText('Management'));
    expect(await nav.findByRole('link', { name: 'Wi-Fi' })).toHaveAttribute(
      'href',
      '/management/wifi',
    );
  });

  it('opens the group of the active route', async () => {
    renderApp({ user: roleUser('super_admin'), pages, path: '/statistics' });
    const nav = await navigation();
    expect(nav.getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', '/statistics');
    expect(nav.queryByRole('link', { name: 'Devices' })).not.toBeInTheDocument();
    await userEvent.click(nav.getByText('Management'));
    expect(await nav.findByRole('link', { name: 'Devices' })).toBeInTheDocument();
  });
});

describe('active link', () => {
  it('marks only the item whose path is the longest match', async () => {
    renderApp({
      user: roleUser('super_admin'),
      pages: fakePages(['monitoring-templates', 'data-collection']),
      path: '/monitoring-templates/data-collection',
    });
    const nav = await navigation();
    const own = await nav.findByRole('link', { name: 'Data collection' });
    expect(own).toHaveAttribute('data-active', 'true');
    expect(nav.getByRole('link', { name: 'Monitoring templates' })).not.toHaveAttribute(
      'data-active',
    );
  });
});

describe('current route link', () => {
  it("reloads the page's data instead of navigating", async () => {
    let loads = 0;
    function DevicesPage() {
      const { data } = useQuery({ queryKey: ['devices'], queryFn: () => Promise.resolve(++loads) });
      return <h1>devices loaded {data}</h1>;
    }
    renderApp({
      user: roleUser('super_admin'),
      pages: { ...pages, 'devices.list': DevicesPage },
      path: '/management/devices',
    });
    expect(await screen.findByText('devices loaded 1')).toBeInTheDocument();
    const nav = await navigation();
    await userEvent.click(nav.getByRole('link', { name: 'Devices' }));
    expect(await screen.findByText('devices loaded 2')).toBeInTheDocument();
  });
});
