import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  toApiQuery,
  useTableQueryState,
  type TableQueryStateOptions,
} from './use-table-query-state';

const options: TableQueryStateOptions = {
  defaultSort: '-created_at',
  sortFields: ['created_at', 'to'],
  filters: { status: ['logged', 'sent', 'failed'] },
};

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => useTableQueryState(options), { wrapper });
}

describe('useTableQueryState', () => {
  it('reads the query from the URL', () => {
    const { result } = setup('/?limit=50&offset=100&sort=to,-created_at&q=%20mail%20&status=sent');
    expect(result.current.query).toEqual({
      limit: 50,
      offset: 100,
      sort: 'to,-created_at',
      q: 'mail',
      filters: { status: 'sent' },
    });
    expect(result.current.page).toBe(3);
    expect(toApiQuery(result.current.query)).toEqual({
      limit: 50,
      offset: 100,
      sort: 'to,-created_at',
      q: 'mail',
      status: 'sent',
    });
  });

  it('falls back to defaults for values the table does not offer', () => {
    const { result } = setup('/?limit=7&offset=-1&sort=password&status=queued&q=%20');
    expect(result.current.query).toEqual({
      limit: 25,
      offset: 0,
      sort: '-created_at',
      q: undefined,
      filters: {},
    });
  });

  it('resets the offset when a filter changes but not when paging', () => {
    const { result } = setup('/?offset=50');
    act(() => result.current.setFilter('status', 'failed'));
    expect(result.current.query).toMatchObject({ offset: 0, filters: { status: 'failed' } });
    act(() => result.current.setPage(4));
    expect(result.current.query).toMatchObject({ offset: 75, filters: { status: 'failed' } });
    act(() => result.current.setFilter('status', null));
    expect(result.current.query).toMatchObject({ offset: 0, filters: {} });
  });

  it('keeps the same query object while the URL is unchanged', () => {
    const { result, rerender } = setup('/?q=x');
    const first = result.current.query;
    rerender();
    expect(result.current.query).toBe(first);
  });
});
