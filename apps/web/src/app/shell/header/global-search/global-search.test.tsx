import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, STORAGE_KEYS, type Permission } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, type MockHandler } from '@/test/mock-api';
import { fakePages, renderApp } from '@/test/render-app';

const ALL_PAGES = ['account', 'companies', 'company.info', 'tags', 'tag', 'users.list'];
const ALL_PERMISSIONS: Permission[] = ['view_companies', 'view_tags', 'view_users'];

const list =
  (data: unknown[], total = data.length): MockHandler =>
  () =>
    jsonResponse(200, { success: true, data, meta: { total } });

const companies = list(
  Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Acme ${i + 1}` })),
  37,
);
const tags = list([{ id: 4, name: 'acme-routers', color: '#ff0000' }]);
const users = list([{ id: 9, email: 'acme@example.com' }], 10);

function setup({
  permissions = ALL_PERMISSIONS,
  pages = ALL_PAGES,
  api = {},
}: {
  permissions?: Permission[];
  pages?: string[];
  api?: Record<string, MockHandler>;
} = {}) {
  return renderApp({
    user: roleUser('end_user', { permissions }),
    pages: fakePages(pages),
    path: '/account',
    api: {
      'GET /api/companies': companies,
      'GET /api/tags': tags,
      'GET /api/users': users,
      ...api,
    },
  });
}

async function openWithSlash() {
  await screen.findByRole('heading', { name: 'page:account' });
  fireEvent.keyDown(document.body, { key: '/' });
  return screen.findByRole('dialog', { name: 'Search' });
}

/** Types into the search box and lets the debounce pass. */
async function search(text: string) {
  const box = screen.getByRole('combobox', { name: 'Search' });
  vi.useFakeTimers();
  fireEvent.change(box, { target: { value: text } });
  act(() => vi.advanceTimersByTime(500));
  vi.useRealTimers();
  return box;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('global search', () => {
  it("opens with '/' unless typing in a field, and closes with Escape", async () => {
    setup();
    await screen.findByRole('heading', { name: 'page:account' });
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '/' });
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    field.remove();

    const dialog = await openWithSlash();
    expect(within(dialog).getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.searchTypeToStart)).toBeInTheDocument();
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Search' }), {
      key: 'Escape',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument(),
    );
    // The header button opens it too.
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  });

  it('waits 500 ms after typing and asks each kind the spec request for the trimmed query', async () => {
    const { calls } = setup();
    await openWithSlash();
    const box = screen.getByRole('combobox', { name: 'Search' });
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: '  acme ' } });
    act(() => vi.advanceTimersByTime(499));
    expect(calls('GET /api/companies')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(calls('GET /api/companies')).toHaveLength(1));
    // Spec §7: q, limit 10, search-fields name,email and the result fields, to every kind.
    const request =
      'q=acme&limit=10&search-fields=name,email&fields=id,name,status,email,protocol,enabled,color';
    expect(calls('GET /api/companies')[0]?.[0]).toBe(`/api/companies?${request}`);
    expect(calls('GET /api/tags')[0]?.[0]).toBe(`/api/tags?${request}`);
    expect(calls('GET /api/users')[0]?.[0]).toBe(`/api/users?${request}`);

    // A blank query asks nothing and asks to type.
    fireEvent.change(box, { target: { value: '   ' } });
    expect(screen.getByText(MESSAGES.searchTypeToStart)).toBeInTheDocument();
  });

  it("shows counts with '10+' above ten, results and 'View in table'", async () => {
    const { router } = setup();
    await openWithSlash();
    await search('acme');
    expect(await screen.findByRole('option', { name: 'Acme 1' })).toBeInTheDocument();
    const count = (kind: string) =>
      within(screen.getByRole('region', { name: kind })).getByTestId('search-count');
    expect(count('Companies')).toHaveTextContent(/^10\+$/);
    expect(count('Users')).toHaveTextContent(/^10$/);
    expect(count('Tags')).toHaveTextContent(/^1$/);
    expect(screen.getAllByRole('option')).toHaveLength(12);

    const tagsSection = screen.getByRole('region', { name: 'Tags' });
    await userEvent.click(within(tagsSection).getByRole('button', { name: 'View in table' }));
    expect(router.state.location.pathname).toBe('/tags');
    expect(router.state.location.search).toBe('?q=acme');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument(),
    );
  });

  it('opens results with the arrows and Enter, and by click', async () => {
    const { router } = setup();
    await openWithSlash();
    const box = await search('acme');
    await screen.findByRole('option', { name: 'acme-routers' });
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
    // Ten companies, then the tag.
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'acme-routers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/tag/4');

    fireEvent.keyDown(document.body, { key: '/' });
    await search('acme');
    await userEvent.click(await screen.findByRole('option', { name: 'acme@example.com' }));
    expect(router.state.location.pathname).toBe('/users');
    expect(router.state.location.search).toBe('?q=acme%40example.com');

    fireEvent.keyDown(document.body, { key: '/' });
    const again = await search('acme');
    await screen.findByRole('option', { name: 'acme@example.com' });
    fireEvent.keyDown(again, { key: 'ArrowUp' });
    fireEvent.keyDown(again, { key: 'ArrowUp' });
    fireEvent.keyDown(again, { key: 'Enter' });
    // Up from the first wraps to the last (the user), up again is the tag.
    expect(router.state.location.pathname).toBe('/tag/4');
  });

  it("says 'No results found' when no kind finds anything", async () => {
    setup({
      api: {
        'GET /api/companies': list([]),
        'GET /api/tags': list([]),
        'GET /api/users': list([]),
      },
    });
    await openWithSlash();
    await search('zzz');
    expect(await screen.findByText(MESSAGES.searchNoResults)).toBeInTheDocument();
  });

  it("keeps the ticked kinds in local storage and says 'No search criteria selected' with none", async () => {
    const { calls } = setup();
    await openWithSlash();
    const kinds = screen.getByRole('group', { name: 'Search in' });
    await userEvent.click(within(kinds).getByRole('checkbox', { name: 'Companies' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchKinds) ?? '')).toEqual([
      'tags',
      'users',
    ]);
    await search('acme');
    await screen.findByRole('option', { name: 'acme-routers' });
    expect(calls('GET /api/companies')).toHaveLength(0);

    await userEvent.click(within(kinds).getByRole('checkbox', { name: 'Tags' }));
    await userEvent.click(within(kinds).getByRole('checkbox', { name: 'Users' }));
    expect(screen.getByText(MESSAGES.searchNoCriteria)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.searchKinds)).toBe('[]');
  });

  it('starts from the stored kinds', async () => {
    localStorage.setItem(STORAGE_KEYS.searchKinds, JSON.stringify(['users']));
    setup();
    await openWithSlash();
    const kinds = screen.getByRole('group', { name: 'Search in' });
    expect(within(kinds).getByRole('checkbox', { name: 'Users' })).toBeChecked();
    expect(within(kinds).getByRole('checkbox', { name: 'Tags' })).not.toBeChecked();
  });

  it('offers only the kinds the user may see and whose pages are built', async () => {
    setup({ permissions: ['view_tags', 'view_users'], pages: ['account', 'tags', 'tag'] });
    await openWithSlash();
    const kinds = screen.getByRole('group', { name: 'Search in' });
    expect(within(kinds).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(kinds).getByRole('checkbox', { name: 'Tags' })).toBeInTheDocument();
    expect(within(kinds).queryByRole('checkbox', { name: 'Companies' })).not.toBeInTheDocument();
    expect(within(kinds).queryByRole('checkbox', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('has no search at all without any kind', async () => {
    setup({ permissions: [] });
    await screen.findByRole('heading', { name: 'page:account' });
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
  });
});
