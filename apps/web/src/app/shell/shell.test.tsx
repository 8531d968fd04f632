import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie } from '@/lib/cookies';
import { roleUser, testBrand } from '@/test/fixtures';
import { errorResponse, ok } from '@/test/mock-api';
import { fakePages, renderApp } from '@/test/render-app';

const pages = fakePages(['account', 'devices.list', 'company.info']);
const path = '/management/devices';

async function openAccountMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  return within(await screen.findByRole('menu'));
}

describe('impersonation', () => {
  const impersonating = roleUser('admin', {
    email: 'eve@example.com',
    isImpersonating: true,
    token: { ...roleUser('admin').token, act: { sub: 1, email: 'root@example.com' } },
    company_name: '',
    company: { id: 42, parent_id: 1, name: '', level: 2, show_payment: false },
  });

  it('shows the banner with the company fallback name', async () => {
    renderApp({ user: impersonating, pages, path });
    expect(
      await screen.findByText('Currently impersonating user eve@example.com, Company #42'),
    ).toBeInTheDocument();
  });

  it('cancels impersonation from the header button and reloads', async () => {
    const { calls, hooks } = renderApp({
      user: impersonating,
      pages,
      path,
      api: { 'POST /api/user/impersonation/cancel': () => ok() },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel impersonation' }));
    await waitFor(() => expect(hooks.reload).toHaveBeenCalled());
    expect(calls('POST /api/user/impersonation/cancel')).toHaveLength(1);
  });

  it('hides account settings while impersonating', async () => {
    renderApp({ user: impersonating, pages, path });
    const menu = await openAccountMenu();
    expect(menu.queryByRole('menuitem', { name: 'Account settings' })).not.toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Cancel impersonation' })).toBeInTheDocument();
  });

  it('revokes impersonation access after confirmation', async () => {
    const user = roleUser('admin', {
      impersonation_access_limit: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { calls, hooks } = renderApp({
      user,
      pages,
      path,
      api: {
        'POST /api/user/revoke-impersonation-access': () =>
          ok({ impersonation_access_limit: null }),
      },
    });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: /Impersonation access until/ }));
    expect(await screen.findByText('Revoke impersonation access?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(hooks.reload).toHaveBeenCalled());
    expect(calls('POST /api/user/revoke-impersonation-access')).toHaveLength(1);
  });

  it('reports a failed revoke with the built text and the status text', async () => {
    const user = roleUser('admin', {
      impersonation_access_limit: new Date(Date.now() + 86_400_000).toISOString(),
    });
    renderApp({
      user,
      pages,
      path,
      api: {
        'POST /api/user/revoke-impersonation-access': () =>
          new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      },
    });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: /Impersonation access until/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('Failed to revoke impersonation access (Service Unavailable)'),
    ).toBeInTheDocument();
  });

  it('hides the impersonation status the moment the limit runs out', async () => {
    const user = roleUser('admin', {
      impersonation_access_limit: new Date(Date.now() + 4000).toISOString(),
    });
    renderApp({ user, pages, path });
    const menu = await openAccountMenu();
    expect(menu.getByText(/Impersonation access until/)).toBeInTheDocument();
    await waitFor(
      () => expect(menu.queryByText(/Impersonation access until/)).not.toBeInTheDocument(),
      { timeout: 8000 },
    );
  });

  it('hides the impersonation status when the limit has passed', async () => {
    const user = roleUser('admin', { impersonation_access_limit: '2000-01-01T00:00:00Z' });
    renderApp({ user, pages, path });
    const menu = await openAccountMenu();
    expect(menu.queryByText(/Impersonation access until/)).not.toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('links the company only with view_companies', async () => {
    renderApp({ user: roleUser('admin'), pages, path });
    const menu = await openAccountMenu();
    expect(menu.getByRole('menuitem', { name: 'Acme' })).toHaveAttribute('href', '/companies/3');
  });

  it('shows the company as text without view_companies', async () => {
    renderApp({ user: roleUser('end_user', { permissions: ['view_devices'] }), pages, path });
    const menu = await openAccountMenu();
    expect(menu.queryByRole('menuitem', { name: 'Acme' })).not.toBeInTheDocument();
    expect(menu.getByText('Acme')).toBeInTheDocument();
  });

  it("shows the role's permissions with view_permissions", async () => {
    const viewDevices = {
      name: 'view_devices',
      description: 'View devices',
      category: 'Devices and monitoring',
      enabled: true,
    };
    renderApp({
      user: roleUser('admin'),
      pages,
      path,
      api: { 'GET /api/roles/2/permissions': () => ok([viewDevices]) },
    });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: /Administrator/ });
    expect(await within(dialog).findByText('View devices')).toBeInTheDocument();
  });

  it('lists the forms the user may submit and opens one, loading its definition', async () => {
    renderApp({ user: roleUser('end_user', { permissions: ['manage_tags'] }), pages, path });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Forms' }));
    const forms = within(await screen.findByRole('menu', { name: 'Forms' }));
    expect(forms.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['New tag']);
    await userEvent.click(forms.getByRole('menuitem', { name: 'New tag' }));
    expect(await screen.findByRole('dialog', { name: 'New tag' })).toBeVisible();
  });

  it('hides the forms without a permission for any', async () => {
    renderApp({ user: roleUser('end_user', { permissions: ['view_devices'] }), pages, path });
    const menu = await openAccountMenu();
    expect(menu.queryByRole('menuitem', { name: 'Forms' })).not.toBeInTheDocument();
  });

  it('shows the resources left and links the resources and code pages', async () => {
    const resourcePages = fakePages(['devices.list', 'services.pools', 'redeem-code']);
    const left = {
      credit_type_id: 6,
      credit_type: 'management_1y',
      credit_type_name: 'Management 1 year',
      credits_left: 12,
      payment_type: 'paid',
    };
    const { calls } = renderApp({
      user: roleUser('admin'),
      pages: resourcePages,
      path,
      api: {
        'GET /api/credits/summary': () =>
          ok({
            credits: { total: [], left: [left] },
            credit_coverage: null,
            monitored_device: { total: 0, monitored: 0 },
          }),
      },
    });
    const menu = await openAccountMenu();
    const summary = within(menu.getByRole('group', { name: 'Resource summary' }));
    expect(await summary.findByText('Management 1 year')).toBeInTheDocument();
    expect(summary.getByText('12')).toBeInTheDocument();
    expect(calls('GET /api/credits/summary')).toHaveLength(1);
    expect(menu.getByRole('menuitem', { name: 'View resources' })).toHaveAttribute(
      'href',
      '/resources',
    );
    expect(menu.getByRole('menuitem', { name: 'Activate code' })).toHaveAttribute(
      'href',
      '/redeem-code',
    );
  });

  it('leaves the resource summary out when the theme hides company data', async () => {
    const { calls } = renderApp({
      user: roleUser('admin'),
      pages,
      path,
      brand: { ...testBrand, show_company_data: false },
    });
    const menu = await openAccountMenu();
    expect(menu.queryByRole('group', { name: 'Resource summary' })).not.toBeInTheDocument();
    expect(calls('GET /api/credits/summary')).toHaveLength(0);
  });

  it('switches dark mode and stores it in a cookie', async () => {
    renderApp({ user: roleUser('admin'), pages, path });
    await openAccountMenu();
    await userEvent.click(screen.getByText('Enabled'));
    expect(readCookie('dark_mode')).toBe('enabled');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await userEvent.click(screen.getByText('Disabled'));
    expect(readCookie('dark_mode')).toBe('disabled');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await userEvent.click(screen.getByText('Auto'));
    expect(readCookie('dark_mode')).toBeNull();
  });

  it("offers only the brand's languages, stores the choice in a cookie and reloads after 1 s", async () => {
    const { hooks } = renderApp({
      user: roleUser('admin'),
      pages,
      path,
      brand: { ...testBrand, languages: ['en', 'no'] },
    });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Language' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByLabelText('Language', { selector: 'input' }));
    const options = await dialog.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['English', 'Norsk']);
    await userEvent.click(dialog.getByRole('option', { name: 'Norsk' }));
    expect(readCookie('translation')).toBe('no');
    expect(hooks.reload).not.toHaveBeenCalled();
    await waitFor(() => expect(hooks.reload).toHaveBeenCalled(), { timeout: 3000 });
  });

  it('hides the language item when the brand offers fewer than two languages', async () => {
    renderApp({ user: roleUser('admin'), pages, path, brand: { ...testBrand, languages: ['ja'] } });
    const menu = await openAccountMenu();
    expect(menu.getByRole('menuitem', { name: 'System timezone' })).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'Language' })).not.toBeInTheDocument();
  });

  it('logs out and goes to the login page', async () => {
    const { calls, hooks } = renderApp({
      user: roleUser('admin'),
      pages,
      path,
      api: { 'POST /account/logout': () => ok() },
    });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(hooks.redirect).toHaveBeenCalledWith('/login'));
    expect(calls('POST /account/logout')).toHaveLength(1);
  });

  it('saves the time zone in a cookie, clears the date range in the URL and reloads', async () => {
    const { hooks, router } = renderApp({
      user: roleUser('admin'),
      pages,
      path: `${path}?start_date=2025-01-01&end_date=2025-01-31&status=1`,
    });
    const menu = await openAccountMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'System timezone' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(
      dialog.getByLabelText('System timezone', { selector: 'input' }),
      'Vilnius',
    );
    // Labelled with the zone's current offset (+02:00 in winter, +03:00 in summer).
    await userEvent.click(
      await dialog.findByRole('option', { name: /^\(UTC\+0[23]:00\) Europe\/Vilnius$/ }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(readCookie('timezone')).toBe('Europe/Vilnius');
    expect(await screen.findByText('Timezone updated successfully')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=1');
    await waitFor(() => expect(hooks.reload).toHaveBeenCalled());
    // Some 400 zones in a searchable list: slow in jsdom on a busy machine.
  }, 30_000);
});

describe('shell entry', () => {
  it('asks a default-theme user to accept the data agreement', async () => {
    const { calls } = renderApp({
      user: roleUser('admin', { tos_accepted: false }),
      pages,
      path,
      api: { 'PUT /account/user': () => ok() },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls('PUT /account/user')).toHaveLength(1));
    expect(calls('PUT /account/user')[0]?.[1]?.body).toBe('{"tos_accepted":true}');
  });

  it('auto-accepts the terms for a non-default theme and stores the flag', async () => {
    const { calls } = renderApp({
      user: roleUser('admin', { tos_accepted: false }),
      pages,
      path,
      brand: { ...testBrand, default_theme: false },
      api: { 'PUT /account/user': () => ok(), 'POST /api/storage': () => ok() },
    });
    await waitFor(() => expect(calls('POST /api/storage')).toHaveLength(1));
    expect(calls('POST /api/storage')[0]?.[1]?.body).toBe(
      '{"key":"tos_accepted_20230118","value":"true"}',
    );
    expect(calls('PUT /account/user')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('asks for an e-mail address when it equals the username and hides header controls', async () => {
    renderApp({ user: roleUser('admin', { email: 'ada', username: 'ada' }), pages, path });
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('checks the e-mail address with the API rule before saving it', async () => {
    const { calls } = renderApp({
      user: roleUser('admin', { email: 'ada', username: 'ada' }),
      pages,
      path,
      api: { 'PUT /account/user': () => ok() },
    });
    const input = await screen.findByRole('textbox', { name: /E-mail address/ });
    await userEvent.type(input, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls('PUT /account/user')).toHaveLength(0);
    // One-letter top-level domains are valid for the API (contracts' account e-mail rule).
    await userEvent.clear(input);
    await userEvent.type(input, 'ada@b.c');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT /account/user')).toHaveLength(1));
    expect(calls('PUT /account/user')[0]?.[1]?.body).toBe('{"email":"ada@b.c"}');
  });

  it('reports a failed acceptance', async () => {
    renderApp({
      user: roleUser('admin', { tos_accepted: false }),
      pages,
      path,
      api: { 'PUT /account/user': () => errorResponse(422, 'VALIDATION_ERROR', 'Nope') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Nope')).toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });
  const desktopMatchMedia = window.matchMedia;

  it('leaves part of the page visible under a backdrop that closes the menu', async () => {
    // Below 768 px: the nav's own query (max-width) matches, Mantine's min-width ones do not.
    window.matchMedia = (query: string) => ({
      ...desktopMatchMedia(query),
      matches: query.includes('max-width'),
    });
    renderApp({ user: roleUser('admin'), pages, path });
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.style.getPropertyValue('--app-shell-navbar-width')).toBe(
      'min(20rem, calc(100vw - 4rem))',
    );
    await userEvent.click(screen.getByTestId('nav-overlay'));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});

describe('navigation width', () => {
  it('collapses to the narrow mode and remembers it', async () => {
    renderApp({ user: roleUser('admin'), pages, path });
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse navigation' }));
    expect(localStorage.getItem('wideNav')).toBe('false');
    expect(await screen.findByRole('button', { name: 'Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
  });
});
