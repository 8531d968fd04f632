import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRows, renderWithProviders, servePages, TestTable, type TestRow } from './test-utils';
import type { DataTableColumn, ListPage } from './types';

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

const scrollTo = (px: number) => {
  const scroller = screen.getByRole('table').parentElement as HTMLElement;
  scroller.scrollTop = px;
  act(() => {
    fireEvent.scroll(scroller);
  });
};

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

    scrollTo(499 * ROW_PX);
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

describe('DataTable virtualised one-line rows', () => {
  /** Renders of each row, counted by its cell's render function. */
  const renders = new Map<number, number>();
  const counted: DataTableColumn<TestRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => {
        renders.set(row.id, (renders.get(row.id) ?? 0) + 1);
        return row.name;
      },
    },
  ];
  /** The uniform row height before a row is measured (jsdom measures none). */
  const LINE_PX = 37;

  afterEach(() => renders.clear());

  it('renders an unchanged row once: not again on scroll, a tick or a patch of another row', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(
      <TestTable
        columns={counted}
        fetchPage={servePages(makeRows(1000))}
        bulkActions={[{ label: 'Delete', onClick: () => undefined }]}
        noWrap
      />,
      { route: '/?limit=1000' },
    );
    const row2 = (await screen.findByText('row 2')).closest('tr') as HTMLElement;
    // One line each: every row gets the same height instead of being measured.
    expect(row2).toHaveStyle({ height: `${LINE_PX}px` });
    expect(renders.get(2)).toBe(1);

    scrollTo(3 * LINE_PX);
    expect(await screen.findByText('row 15')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    act(() => {
      queryClient.setQueriesData<ListPage<TestRow>>(
        { queryKey: ['rows'] },
        (page) =>
          page && {
            ...page,
            rows: page.rows.map((row) => (row.id === 4 ? { ...row, name: 'patched' } : row)),
          },
      );
    });
    expect(await screen.findByText('patched')).toBeInTheDocument();

    expect(renders.get(2)).toBe(1);
    expect(renders.get(3)).toBe(2);
    expect(renders.get(4)).toBe(2);
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toBeChecked();
  });

  it('keeps each row on its stripe while rows scroll out above it', async () => {
    renderWithProviders(
      <TestTable columns={counted} fetchPage={servePages(makeRows(1000))} noWrap />,
      { route: '/?limit=1000' },
    );
    await screen.findByText('row 1');
    // Mantine stripes odd rows by position among the body's rows (spacers included).
    const positionOf = (text: string) => {
      const row = screen.getByText(text).closest('tr') as HTMLElement;
      return [...(row.parentElement as HTMLElement).children].indexOf(row) + 1;
    };
    for (const firstInView of [20, 21, 22]) {
      scrollTo(firstInView * LINE_PX);
      const name = `row ${firstInView + 1}`;
      expect(await screen.findByText(name)).toBeInTheDocument();
      expect(positionOf(name) % 2).toBe((firstInView + 1) % 2);
    }
  });
});
