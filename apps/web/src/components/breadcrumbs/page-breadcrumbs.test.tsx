import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageBreadcrumbs } from './page-breadcrumbs';

function renderAt(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/companies/5/users']}>
        <Routes>
          <Route path="/companies/5/users" element={ui} />
          <Route path="/companies" element={<h1>Companies page</h1>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('PageBreadcrumbs', () => {
  it('links the parents and shows the current title last, not as a link', async () => {
    renderAt(
      <PageBreadcrumbs
        items={[
          { label: 'Companies', to: '/companies' },
          { label: 'Acme', to: '/companies/5' },
          { label: 'Users', to: '/companies/5/users' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Companies', '/companies'],
      ['Acme', '/companies/5'],
    ]);
    const current = within(nav).getByText('Users');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.closest('a')).toBeNull();

    await userEvent.click(links[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Companies page' })).toBeInTheDocument();
  });

  it('shows a parent without a target as text and renders nothing for no items', () => {
    const { container } = renderAt(
      <>
        <PageBreadcrumbs items={[{ label: 'Administration' }, { label: 'Tags' }]} />
        <PageBreadcrumbs items={[]} />
      </>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Administration')).toBeInTheDocument();
    expect(container.querySelectorAll('nav')).toHaveLength(1);
  });
});
