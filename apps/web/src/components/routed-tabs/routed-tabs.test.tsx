import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RoutedTabs, type RoutedTab } from './routed-tabs';

type Tab = 'general' | 'clients' | 'secret';

const tabs = (secretHidden = false): RoutedTab<Tab>[] => [
  { value: 'general', label: 'General', render: () => <p>General panel</p> },
  { value: 'clients', label: 'Clients', render: () => <p>Clients panel</p> },
  { value: 'secret', label: 'Secret', hidden: secretHidden, render: () => <p>Secret panel</p> },
];

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(url: string, path: string, ui: ReactNode) {
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
        <Location />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const segment = {
  param: 'tab',
  path: (tab: Tab) => (tab === 'general' ? '/hub/5' : `/hub/5/${tab}`),
};

describe('RoutedTabs', () => {
  it("shows the route segment's tab, mounting only that panel", () => {
    renderAt('/hub/5/clients', '/hub/:id/:tab?', <RoutedTabs tabs={tabs()} source={segment} />);
    expect(screen.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Clients panel')).toBeVisible();
    expect(screen.queryByText('General panel')).toBeNull();
  });

  it('falls back to the first tab for an unknown or hidden one', () => {
    renderAt('/hub/5/secret', '/hub/:id/:tab?', <RoutedTabs tabs={tabs(true)} source={segment} />);
    expect(screen.queryByRole('tab', { name: 'Secret' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Secret panel')).toBeNull();
  });

  it("goes to a clicked tab's path, the first one's without a segment", async () => {
    const user = userEvent.setup();
    renderAt('/hub/5', '/hub/:id/:tab?', <RoutedTabs tabs={tabs()} source={segment} />);
    await user.click(screen.getByRole('tab', { name: 'Clients' }));
    expect(location()).toBe('/hub/5/clients');
    expect(screen.getByText('Clients panel')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(location()).toBe('/hub/5');
  });

  it('keeps a query tab alone in the query, dropping the previous tab’s paging', async () => {
    const user = userEvent.setup();
    renderAt(
      '/config?tab=clients&offset=25',
      '/config',
      <RoutedTabs tabs={tabs()} source={{ query: 'tab' }} />,
    );
    expect(screen.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Secret' }));
    expect(location()).toBe('/config?tab=secret');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(location()).toBe('/config');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderAt('/config', '/config', <RoutedTabs tabs={tabs()} source={{ query: 'tab' }} />);
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Clients' })).toHaveFocus();
    expect(location()).toBe('/config?tab=clients');
    expect(screen.getByText('Clients panel')).toBeVisible();
  });

  it('shows the tab the page decides over the URL', () => {
    renderAt(
      '/config?tab=general&action=x',
      '/config',
      <RoutedTabs tabs={tabs()} source={{ query: 'tab' }} value="clients" />,
    );
    expect(screen.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');
  });
});
