import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { formOf, jsonBody, renderSchemaForm } from './test-utils';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

const COMPANIES = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Beta' },
];
const ROLES: Record<string, { id: number; title: string }[]> = {
  '1': [{ id: 10, title: 'Acme admin' }],
  '2': [{ id: 20, title: 'Beta admin' }],
};

const list = (rows: unknown[]) =>
  jsonResponse(200, { success: true, data: rows, meta: { total: rows.length } });

function stubPickers() {
  return mockApi({
    'GET /api/companies': (_init, url) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return list(COMPANIES.filter((company) => company.name.includes(q)));
    },
    'GET /api/roles': (_init, url) => {
      const companyId = new URL(url, 'http://x').searchParams.get('company_id') ?? '';
      return list(ROLES[companyId] ?? []);
    },
    'POST /api/users/invite': () => ok({}),
  });
}

const inviteForm = formOf(
  [
    {
      key: 'company_id',
      label: 'Company',
      component: 'ItemSelect',
      required: true,
      resets: ['role_id'],
      props: { endpoint: '/companies' },
    },
    {
      key: 'role_id',
      label: 'Role',
      component: 'ItemSelect',
      props: {
        endpoint: '/roles',
        labelKey: 'title',
        query: { inviteable: true },
        queryFrom: { company_id: 'company_id' },
      },
    },
  ],
  { url: '/users/invite' },
);

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const urls = (api: ReturnType<typeof stubPickers>, key: string) =>
  api.calls(key).map(([url]) => decodeURIComponent(url));

describe('ItemSelect', () => {
  it('asks the endpoint with limit=100, then searches with q after a pause', async () => {
    const api = stubPickers();
    const { user } = renderSchemaForm(inviteForm);
    await waitFor(() =>
      expect(urls(api, 'GET /api/companies')).toEqual(['/api/companies?limit=100']),
    );
    await user.click(input('Company'));
    await user.type(input('Company'), 'Be');
    await waitFor(() =>
      expect(urls(api, 'GET /api/companies')).toContain('/api/companies?limit=100&q=Be'),
    );
    // Debounced: no request per keystroke.
    expect(urls(api, 'GET /api/companies')).not.toContain('/api/companies?limit=100&q=B');
    expect(await screen.findByRole('option', { name: 'Beta' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Acme' })).not.toBeInTheDocument();
  });

  it('reloads with the queryFrom field, and the company change resets the role', async () => {
    const api = stubPickers();
    const { user } = renderSchemaForm(inviteForm);
    await waitFor(() =>
      expect(urls(api, 'GET /api/roles')).toEqual(['/api/roles?inviteable=true&limit=100']),
    );

    await user.click(input('Company'));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await waitFor(() =>
      expect(urls(api, 'GET /api/roles')).toContain(
        '/api/roles?inviteable=true&company_id=2&limit=100',
      ),
    );
    await user.click(input('Role'));
    await user.click(await screen.findByRole('option', { name: 'Beta admin' }));
    expect(input('Role')).toHaveValue('Beta admin');

    await user.click(input('Company'));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    expect(input('Role')).toHaveValue('');
    await waitFor(() =>
      expect(urls(api, 'GET /api/roles')).toContain(
        '/api/roles?inviteable=true&company_id=1&limit=100',
      ),
    );
    await user.click(input('Role'));
    expect(await screen.findByRole('option', { name: 'Acme admin' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Beta admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Acme admin' }));

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/users/invite')).toHaveLength(1));
    expect(jsonBody(api.calls('POST /api/users/invite')[0])).toEqual({
      company_id: 1,
      role_id: 10,
    });
  });

  it('selects several items when multiple', async () => {
    const api = stubPickers();
    const { user } = renderSchemaForm(
      formOf(
        [
          {
            key: 'companies',
            label: 'Companies',
            component: 'ItemSelect',
            props: { endpoint: '/companies', multiple: true },
          },
        ],
        { url: '/users/invite' },
      ),
    );
    await user.click(input('Companies'));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/users/invite')).toHaveLength(1));
    expect(jsonBody(api.calls('POST /api/users/invite')[0])).toEqual({ companies: [1, 2] });
  });
});

describe('DeviceSelect', () => {
  it('lists /devices by name and shows the error when the list fails', async () => {
    const api = mockApi({});
    renderSchemaForm(formOf([{ key: 'device_id', label: 'Device', component: 'DeviceSelect' }]));
    await waitFor(() =>
      expect(urls(api as never, 'GET /api/devices')).toEqual(['/api/devices?limit=100']),
    );
    await waitFor(() => expect(input('Device')).toHaveAccessibleDescription('NOT_FOUND'));
  });
});
