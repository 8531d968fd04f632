import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { lastBody, listOk, renderWithSession } from '../test-utils';
import { ConfigCreatePage } from './config-create-page';

const PAGE_URL = '/monitoring-templates/data-collection/create';
const CREATE = 'POST /api/data-collect/configs';
const LIST = 'GET /api/device-documentations';
const UPLOADED_FILE = 'GET /api/device-documentations/4/file';
const BUILT_IN_FILE = 'GET /api/device-documentations/1/file';

const documentation = (id: number, name: string, system: string, version: string) => ({
  id,
  name,
  api_system: system,
  api_version: version,
});
const DOCUMENTATIONS = [
  documentation(1, 'netfleet device status API', 'rutos', '1.0'),
  documentation(4, 'rutos-7.14.json', 'rutos', '7.14'),
  documentation(5, 'tswos-1.3.json', 'tswos', '1.3'),
];

const uploadedDocument = {
  openapi: '3.0.0',
  info: { version: '7.14' },
  paths: {
    '/system/info': { get: { summary: 'System information' } },
    '/firmware/actions/upgrade': { post: { summary: 'Upgrade the firmware' } },
  },
};

/** The list answers the documentations of the asked system, as the API filters them. */
function renderCreate() {
  return renderWithSession(<ConfigCreatePage />, {
    url: PAGE_URL,
    path: PAGE_URL,
    user: roleUser('admin'),
    api: {
      [CREATE]: () => jsonResponse(200, { success: true, data: { id: 8 } }),
      [LIST]: (_init, url) => {
        const system = new URL(url, 'http://localhost').searchParams.get('api_system');
        return listOk(DOCUMENTATIONS.filter((row) => !system || row.api_system === system));
      },
      [UPLOADED_FILE]: () => jsonResponse(200, uploadedDocument),
      [BUILT_IN_FILE]: () => jsonResponse(200, { openapi: '3.0.3', paths: {} }),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
    },
  });
}
type View = ReturnType<typeof renderCreate>;

const endpointScope = () => within(screen.getByRole('group', { name: 'Endpoint 1' }));
const urlInput = () => endpointScope().getByRole('combobox', { name: /^URL/ });
const documentationInput = () => screen.getByRole('combobox', { name: /^Device documentation/ });

async function pick(view: View, input: HTMLElement, option: string) {
  await view.user.click(input);
  await view.user.click(await screen.findByRole('option', { name: option }));
}

const listQueries = (view: View) =>
  view.calls(LIST).map(([url]) => new URL(String(url), 'http://localhost').searchParams);

describe('the config form and the device API documentations', { timeout: 30_000 }, () => {
  it("lists the documentations of the config's system and offers an upload's GET paths", async () => {
    const view = renderCreate();
    await waitFor(() => expect(listQueries(view).at(-1)?.get('api_system')).toBe('rutos'));
    await pick(view, documentationInput(), 'rutos-7.14.json');
    expect(screen.queryByRole('option', { name: 'tswos-1.3.json' })).not.toBeInTheDocument();
    expect(await screen.findByText('API rutos 7.14')).toBeInTheDocument();

    await waitFor(() => expect(view.calls(UPLOADED_FILE)).toHaveLength(1));
    await view.user.click(urlInput());
    await view.user.click(await screen.findByRole('option', { name: '/system/info' }));
    expect(screen.queryByRole('option', { name: '/firmware/actions/upgrade' })).toBeNull();
    expect(await endpointScope().findByText('System information')).toBeInTheDocument();

    const variable = within(endpointScope().getByRole('group', { name: 'Variable 1' }));
    await view.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Info');
    await view.user.type(variable.getByRole('textbox', { name: /^ID/ }), 'model');
    await view.user.type(variable.getByRole('textbox', { name: 'Filter' }), '$.http_body.model');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls(CREATE)).toHaveLength(1));
    expect(lastBody(view.calls, CREATE)).toMatchObject({
      device_documentation_id: 4,
      api_system: 'rutos',
      api_version: '7.14',
      data: [{ url: '/system/info' }],
    });
  });

  it("offers the built-in documentation's endpoints without reading its file", async () => {
    const view = renderCreate();
    await waitFor(() => expect(view.calls(LIST)).toHaveLength(1));
    await view.user.click(urlInput());
    expect(await screen.findByRole('option', { name: '/modems/status' })).toBeInTheDocument();
    expect(view.calls(BUILT_IN_FILE)).toHaveLength(0);
    expect(view.calls(UPLOADED_FILE)).toHaveLength(0);
  });

  it('asks for a documentation of the system chosen instead', async () => {
    const view = renderCreate();
    await pick(view, screen.getByRole('combobox', { name: 'API system' }), 'TSWOS');
    await waitFor(() => expect(listQueries(view).at(-1)?.get('api_system')).toBe('tswos'));
    expect(documentationInput()).toHaveValue('');

    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a device documentation')).toBeInTheDocument();
    expect(view.calls(CREATE)).toHaveLength(0);

    await pick(view, documentationInput(), 'tswos-1.3.json');
    expect(await screen.findByText('API tswos 1.3')).toBeInTheDocument();
    expect(screen.queryByText('Choose a device documentation')).not.toBeInTheDocument();
  });
});
