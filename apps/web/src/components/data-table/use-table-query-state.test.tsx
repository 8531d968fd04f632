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

  it('reads column filters, free-text filters and the search fields', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter
        initialEntries={['/?status=1&name=%20ab%20&search-fields=email,password,name,email&q=x']}
      >
        {children}
      </MemoryRouter>
    );
    const { result } = renderHook(
      () =>
        useTableQueryState({
          columns: [
            {
              key: 'status',
              header: 'Status',
              filter: { type: 'select', options: [{ value: '1', label: 'Online' }] },
            },
            {
              key: 'title',
              header: 'Name',
              searchable: true,
              filter: { type: 'text', param: 'name' },
            },
            { key: 'email', header: 'Email', searchable: true },
          ],
        }),
      { wrapper },
    );
    expect(result.current.query).toMatchObject({
      filters: { status: '1', name: 'ab' },
      searchFields: ['email'],
    });
    expect(toApiQuery(result.current.query)).toMatchObject({ 'search-fields': ['email'] });
    // Without a search the fields are not sent.
    act(() => result.current.setSearch(''));
    expect(toApiQuery(result.current.query)['search-fields']).toBeUndefined();
    act(() => result.current.setSearchFields(['title', 'email']));
    expect(result.current.query.searchFields).toEqual(['title', 'email']);
    act(() => result.current.setSearchFields(null));
    expect(result.current.query.searchFields).toBeUndefined();
  });

  it('drops an over-long free-text filter', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[`/?note=${'a'.repeat(201)}`]}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => useTableQueryState({ filters: { note: 'text' } }), {
      wrapper,
    });
    expect(result.current.query.filters).toEqual({});
  });

  it('keeps the same query object while the URL is unchanged', () => {
    const { result, rerender } = setup('/?q=x');
    const first = result.current.query;
    rerender();
    expect(result.current.query).toBe(first);
  });
});
