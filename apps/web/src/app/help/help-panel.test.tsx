import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '@/components/brand';
import { DialogHost, dialogs } from '@/components/dialogs';
import { testBrand } from '@/test/fixtures';
import { HELP_CONTENT, HELP_FALLBACK } from './help-content';
import { HELP_PANEL_TEXTS, HelpPanelButton } from './help-panel';
import { routeNameOf } from './route-name';

const SPEC_ROUTE_NAMES = [
  'notifications.main',
  'company.info',
  'company.tags',
  'company.userstable',
  'company.invitations',
  'remote.mobile',
  'remote.access',
  'reports.single',
  'reports.periodic.day',
  'reports.periodic.week',
  'reports.periodic.month',
  'statistics.connection-manager',
  'services.credit-codes',
  'services.credit-history',
  'services.data-overview',
  'services.data-history',
];

afterEach(() => vi.useRealTimers());

function renderAt(path: string) {
  const element = (
    <>
      <HelpPanelButton />
      <DialogHost />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(
    <MantineProvider env="test">
      {/* The default brand: no docs_url, so dialogs offer this panel. */}
      <BrandProvider brand={testBrand}>
        <RouterProvider router={router} />
      </BrandProvider>
    </MantineProvider>,
  );
  return router;
}

const title = (name: string) => HELP_CONTENT[name]?.title ?? name;

describe('help content', () => {
  it('has a text for every route name spec §2 lists', () => {
    for (const name of SPEC_ROUTE_NAMES) expect(HELP_CONTENT[name], name).toBeDefined();
  });

  it('reads route names from paths, the company tabs included', () => {
    expect(routeNameOf('/notifications')).toBe('notifications.main');
    expect(routeNameOf('/resources/codes')).toBe('services.credit-codes');
    expect(routeNameOf('/statistics/connection-manager')).toBe('statistics.connection-manager');
    expect(routeNameOf('/companies/5/users/invitations')).toBe('company.invitations');
    expect(routeNameOf('/companies/5/users/table')).toBe('company.userstable');
    expect(routeNameOf('/companies/5/devices')).toBe('company.info');
    expect(routeNameOf('/nowhere/at/all')).toBeNull();
  });
});

describe('HelpPanelButton', () => {
  it('opens with ? and shows the settled route help 700 ms after a navigation', async () => {
    const user = userEvent.setup();
    const router = renderAt('/notifications');
    await user.keyboard('?');
    expect(await screen.findByText(HELP_CONTENT['notifications.main']?.title ?? '')).toBeVisible();

    vi.useFakeTimers();
    await act(() => router.navigate('/resources/codes'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    // Not yet: a quick visit elsewhere must not flicker the panel.
    expect(screen.getByText(HELP_CONTENT['notifications.main']?.title ?? '')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByText(HELP_CONTENT['services.credit-codes']?.title ?? '')).toBeVisible();

    await act(() => router.navigate('/nowhere'));
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(screen.getByText(HELP_FALLBACK.title)).toBeVisible();
  });

  it('toggles from the header button, and leaves ? typed into a field alone', async () => {
    const user = userEvent.setup();
    renderAt('/notifications');
    await user.click(screen.getByRole('button', { name: HELP_PANEL_TEXTS.open }));
    expect(await screen.findByRole('button', { name: HELP_PANEL_TEXTS.close })).toBeVisible();
    await user.click(screen.getByRole('button', { name: HELP_PANEL_TEXTS.close }));
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await user.keyboard('?');
    expect(screen.getByRole('button', { name: HELP_PANEL_TEXTS.open })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    input.remove();
  });

  it("opens from a dialog's help button on the dialog's topic, else the page's", async () => {
    const user = userEvent.setup();
    renderAt('/notifications');
    act(() =>
      dialogs.open({ id: 'tags', title: 'Tags', content: 'Tag list', helpTopic: 'company.tags' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Tags' });
    await user.click(within(dialog).getByRole('button', { name: 'Help' }));
    expect(await screen.findByText(title('company.tags'))).toBeVisible();
    expect(screen.getByRole('button', { name: HELP_PANEL_TEXTS.open })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // From the header again: the page's help.
    await user.click(screen.getByRole('button', { name: HELP_PANEL_TEXTS.close }));
    await user.click(screen.getByRole('button', { name: HELP_PANEL_TEXTS.open }));
    expect(await screen.findByText(title('notifications.main'))).toBeVisible();

    // A topic without help content shows the page's.
    act(() => dialogs.open({ id: 'odd', title: 'Odd', content: 'Odd', helpTopic: 'company.new' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Odd' })).getByRole('button', { name: 'Help' }),
    );
    expect(screen.getByText(title('notifications.main'))).toBeVisible();
  });
});
