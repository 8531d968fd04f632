import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyTreeNode } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { listOk, renderWithSession } from '../test-utils';
import { CompanyTreePage } from './company-tree-page';

const nodes: CompanyTreeNode[] = [
  { id: 1, name: 'Root', level: 1, parent_id: null },
  { id: 2, name: 'North', level: 2, parent_id: 1 },
  { id: 4, name: 'Oslo office', level: 3, parent_id: 2 },
  { id: 3, name: 'South', level: 2, parent_id: 1 },
];

function renderTree() {
  return renderWithSession(<CompanyTreePage />, {
    url: '/companies/tree',
    path: '/companies/tree',
    user: roleUser('super_admin', { company_id: 1 }),
    api: { 'GET /api/companies/tree': () => listOk(nodes) },
  });
}

const itemOf = (name: string) =>
  screen.getByRole('link', { name }).closest('[role="treeitem"]') as HTMLElement;

describe('CompanyTreePage', () => {
  it('nests each company under its parent, top level open', async () => {
    renderTree();
    const tree = await screen.findByRole('tree', { name: 'Company tree' });
    expect(within(tree).getByRole('link', { name: 'Root' })).toHaveAttribute(
      'href',
      '/companies/1',
    );
    const root = itemOf('Root');
    expect(root).toHaveAttribute('aria-expanded', 'true');
    const children = within(within(root).getAllByRole('group')[0] as HTMLElement);
    expect(children.getByRole('link', { name: 'North' })).toBeInTheDocument();
    expect(children.getByRole('link', { name: 'South' })).toBeInTheDocument();
    // North is closed: its subsidiary is not shown yet.
    expect(itemOf('North')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Oslo office' })).not.toBeInTheDocument();
    expect(itemOf('South')).not.toHaveAttribute('aria-expanded');
  });

  it('expands and collapses one branch or all of them', async () => {
    const view = renderTree();
    await screen.findByRole('tree');
    await view.user.click(screen.getByRole('button', { name: 'Expand North' }));
    const oslo = screen.getByRole('link', { name: 'Oslo office' });
    expect(within(itemOf('North')).getByRole('group')).toContainElement(oslo);

    await view.user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByRole('link', { name: 'North' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('link', { name: 'Oslo office' })).toBeInTheDocument();
  });

  it('filters by name, keeping the path to each match and highlighting it', async () => {
    const view = renderTree();
    await screen.findByRole('tree');
    await view.user.type(screen.getByRole('textbox', { name: 'Search companies' }), 'oslo');
    // jsdom drops the space after the <mark> from the accessible name.
    const match = screen.getByRole('link', { name: /^Oslo\s*office$/ });
    expect(match).toHaveTextContent('Oslo office');
    expect(match.querySelector('mark')).toHaveTextContent(/^Oslo$/);
    expect(screen.getByRole('link', { name: 'North' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'South' })).not.toBeInTheDocument();

    await view.user.clear(screen.getByRole('textbox', { name: 'Search companies' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Search companies' }), 'nowhere');
    expect(screen.getByText('No companies match the search')).toBeInTheDocument();
  });
});
