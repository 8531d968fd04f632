import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render-page';
import { listOk } from '@/test/render-route';
import { CompanyFilter, CompanySelect } from './company-select';

const COMPANIES = [
  { id: 3, name: 'Acme' },
  { id: 4, name: 'Acme Child' },
  { id: 9, name: 'Beta' },
];

/** GET /companies as the server answers it: q searches names, id picks one. */
const companiesApi = () =>
  mockApi({
    'GET /api/companies': (_init, url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const q = params.get('q')?.toLowerCase();
      const id = params.get('id');
      return listOk(
        COMPANIES.filter(
          (company) =>
            (!q || company.name.toLowerCase().includes(q)) && (!id || String(company.id) === id),
        ),
      );
    },
  });

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function wrap(ui: React.ReactElement) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

function Filter({
  initial,
  onChange,
}: {
  initial?: string;
  onChange: (id: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <CompanyFilter
      value={value}
      onChange={(id) => {
        setValue(id ?? undefined);
        onChange(id);
      }}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CompanyFilter', () => {
  it('lists companies by name and searches the rest on the server', async () => {
    const api = companiesApi();
    const onChange = vi.fn();
    const user = userEvent.setup();
    wrap(<Filter onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Filter by company' });
    expect(box).toHaveAttribute('placeholder', 'All companies');
    await waitFor(() => expect(api.calls('GET /api/companies')).toHaveLength(1));
    expect(queryOf(api.calls('GET /api/companies')[0]?.[0])).toEqual({
      limit: '100',
      sort: 'name',
    });

    await user.type(box, 'bet');
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/companies').at(-1)?.[0])).toMatchObject({ q: 'bet' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    expect(onChange).toHaveBeenLastCalledWith('9');
    expect(box).toHaveValue('Beta');
  });

  it('names a company given by id (a link) that the first page may not hold', async () => {
    const api = companiesApi();
    wrap(<Filter initial="4" onChange={vi.fn()} />);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter by company' })).toHaveValue('Acme Child'),
    );
    const byId = api.calls('GET /api/companies').map(([url]) => queryOf(url));
    expect(byId).toContainEqual({ id: '4', limit: '1' });
  });
});

describe('CompanySelect', () => {
  it('offers only the fallback, asking nothing, when the user cannot list companies', async () => {
    const api = companiesApi();
    wrap(
      <CompanySelect
        label="Company"
        value="3"
        onChange={vi.fn()}
        fallback={{ value: '3', label: 'Acme' }}
        searchable={false}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme');
    expect(api.calls('GET /api/companies')).toHaveLength(0);
  });
});
