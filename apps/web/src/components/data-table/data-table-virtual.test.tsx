import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRows, renderWithProviders, servePages, TestTable, type TestRow } from './test-utils';
import type { DataTableColumn } from './types';

const columns: DataTableColumn<TestRow>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'email', header: 'Email' },
];

const ROW_PX = 40;
const VIEW_PX = 400;

// jsdom lays nothing out: give every element a row's height and the scroller a viewport.
const restore: (() => void)[] = [];
function fakeLayout(property: 'offsetHeight' | 'clientHeight', px: number) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
  Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => px });
  restore.push(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, property, original);
  });
}

beforeEach(() => {
  fakeLayout('offsetHeight', ROW_PX);
  fakeLayout('clientHeight', VIEW_PX);
});

afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

const bodyRows = () =>
  within(screen.getAllByRole('rowgroup')[1] as HTMLElement)
    .queryAllByRole('row')
    .filter((row) => !row.hasAttribute('aria-hidden'));

describe('DataTable virtualisation', () => {
  it('renders only the rows in view of a 1000-row page and follows the scroll', async () => {
    renderWithProviders(<TestTable columns={columns} fetchPage={servePages(makeRows(1000))} />, {
      route: '/?limit=1000',
    });
    await screen.findByText('Showing 1–1000 of 1000');
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1000 of 1000')).toBeInTheDocument();
    const rendered = bodyRows().length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(50);
    expect(screen.queryByText('row 500')).not.toBeInTheDocument();
    // The header stays on top of the scrolling rows.
    expect(screen.getAllByRole('rowgroup')[0]).toHaveAttribute('data-sticky');

    const scroller = screen.getByRole('table').parentElement as HTMLElement;
    scroller.scrollTop = 499 * ROW_PX;
    act(() => {
      fireEvent.scroll(scroller);
    });
    expect(await screen.findByText('row 500')).toBeInTheDocument();
    expect(screen.queryByText('row 1')).not.toBeInTheDocument();
    expect(bodyRows().length).toBeLessThan(50);
  });

  it('renders every row of a page of up to 100 rows', async () => {
    renderWithProviders(<TestTable columns={columns} fetchPage={servePages(makeRows(150))} />, {
      route: '/?limit=100',
    });
    expect(await screen.findByText('row 100')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getAllByRole('rowgroup')[0]).not.toHaveAttribute('data-sticky');
  });
});
