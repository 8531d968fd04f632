import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { currentLocation, lastBody, listOk, renderWithSession } from '../test-utils';
import { ConfigCreatePage } from './config-create-page';

const PAGE_URL = '/monitoring-templates/data-collection/create';
const CREATE = 'POST /api/data-collect/configs';
const created = () => jsonResponse(200, { success: true, data: { id: 8 } });

type Scope = ReturnType<typeof within>;
type View = ReturnType<typeof renderCreate>;

function renderCreate(answer = created) {
  return renderWithSession(<ConfigCreatePage />, {
    url: PAGE_URL,
    path: PAGE_URL,
    user: roleUser('admin'),
    api: {
      [CREATE]: answer,
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
    },
  });
}

const endpoint = (index: number) =>
  within(screen.getByRole('group', { name: `Endpoint ${index}` }));
const variable = (scope: Scope, index: number) =>
  within(scope.getByRole('group', { name: `Variable ${index}` }));

// user-event reads '[' and '{' as the start of a key name: doubled, they are typed.
const typeText = (view: View, element: HTMLElement, text: string) =>
  view.user.type(element, text.replace(/[[{]/g, '$&$&'));

async function fillVariable(view: View, scope: Scope, id: string, filter: string) {
  await view.user.type(scope.getByRole('textbox', { name: /^ID/ }), id);
  await typeText(view, scope.getByRole('textbox', { name: 'Filter' }), filter);
}

async function fillBasics(view: View) {
  await view.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Signal');
  await view.user.type(endpoint(1).getByRole('combobox', { name: /^URL/ }), '/modems/status');
}

describe('ConfigCreatePage', { timeout: 30_000 }, () => {
  it('starts from the device documentation, with one endpoint and the filter help', async () => {
    renderCreate();
    expect(await screen.findByRole('combobox', { name: /^Device documentation/ })).toHaveValue(
      'netfleet device status API',
    );
    expect(screen.getByText('API rutos 1.0')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Period/ })).toHaveValue('3600');
    expect(screen.getByRole('switch', { name: /^Enabled/ })).toBeChecked();
    expect(screen.getAllByRole('group', { name: /^Endpoint/ })).toHaveLength(1);
    expect(screen.getAllByText('$.http_body.data[@.primary=true].rsrp').length).toBeGreaterThan(0);
  });

  it('refuses a filter that does not start with $ next to it and sends nothing', async () => {
    const view = renderCreate();
    await fillBasics(view);
    const first = variable(endpoint(1), 1);
    await fillVariable(view, first, 'rsrp', 'http_body.data[0].rsrp');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await first.findByText('A filter starts with $')).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: 'Filter' })).toHaveAttribute('aria-invalid', 'true');
    expect(first.getByRole('textbox', { name: /^ID/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(view.calls(CREATE)).toHaveLength(0);
  });

  it('checks the period, the url and the variables before sending', async () => {
    const view = renderCreate();
    await view.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Signal');
    const period = screen.getByRole('textbox', { name: /^Period/ });
    await view.user.clear(period);
    await view.user.type(period, '30');
    await view.user.type(endpoint(1).getByRole('combobox', { name: /^URL/ }), 'modems');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Period must be a whole number of seconds from 60 to 31536000'),
    ).toBeInTheDocument();
    expect(
      endpoint(1).getByText('The endpoint starts with / (for example /modems/status)'),
    ).toBeInTheDocument();
    const first = variable(endpoint(1), 1);
    expect(first.getByText('Required')).toBeInTheDocument();
    expect(first.getByText('Give a filter, a ref, or both')).toBeInTheDocument();
    expect(view.calls(CREATE)).toHaveLength(0);
  });

  it('asks for an endpoint, and a variable in each, when they were all removed', async () => {
    const view = renderCreate();
    await view.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Signal');
    await view.user.click(screen.getByRole('button', { name: 'Remove variable 1' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await endpoint(1).findByText('Add at least one variable to collect'),
    ).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Remove endpoint 1' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one endpoint')).toBeInTheDocument();
    expect(view.calls(CREATE)).toHaveLength(0);
  });

  it('sends the body the contract takes and opens the new config', async () => {
    const view = renderCreate();
    await fillBasics(view);
    // The config's description comes before the variables' ones.
    const [description] = screen.getAllByRole('textbox', { name: 'Description' });
    await view.user.type(description as HTMLElement, 'Modem signal');
    const period = screen.getByRole('textbox', { name: /^Period/ });
    await view.user.clear(period);
    await view.user.type(period, '300');

    const modems = endpoint(1);
    await view.user.click(modems.getByRole('button', { name: 'Add query parameter' }));
    const parameter = within(modems.getByRole('group', { name: 'Query parameter 1' }));
    await view.user.type(parameter.getByRole('textbox', { name: 'Key' }), 'id');
    await view.user.type(parameter.getByRole('textbox', { name: 'Values' }), '1-1, 2-1');

    const rsrp = variable(modems, 1);
    await fillVariable(view, rsrp, 'rsrp', '$.http_body.data[@.primary=true].rsrp');
    await view.user.click(rsrp.getByRole('combobox', { name: /^Type/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Number' }));
    await view.user.type(rsrp.getByRole('textbox', { name: /^Default/ }), '-140');

    await view.user.click(modems.getByRole('button', { name: 'Add variable' }));
    const band = variable(modems, 2);
    await view.user.type(band.getByRole('textbox', { name: /^ID/ }), 'band');
    await view.user.click(band.getByRole('combobox', { name: /^Ref/ }));
    await view.user.click(await screen.findByRole('option', { name: 'rsrp' }));
    await typeText(view, band.getByRole('textbox', { name: 'Filter' }), '$');
    await view.user.type(band.getByRole('textbox', { name: /^Allowed values/ }), 'LTE, 5G');
    await view.user.type(band.getByRole('textbox', { name: 'Description' }), 'Band');

    // A second endpoint, then removed again.
    await view.user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getAllByRole('group', { name: /^Endpoint/ })).toHaveLength(2);
    await view.user.click(screen.getByRole('button', { name: 'Remove endpoint 2' }));

    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls(CREATE)).toHaveLength(1));
    expect(lastBody(view.calls, CREATE)).toEqual({
      name: 'Signal',
      description: 'Modem signal',
      company_id: 3,
      api_version: '1.0',
      api_system: 'rutos',
      period: 300,
      enabled: true,
      device_documentation_id: 1,
      data: [
        {
          url: '/modems/status',
          query_parameters: [{ key: 'id', value: ['1-1', '2-1'] }],
          variables: [
            {
              id: 'rsrp',
              ref: null,
              filter: '$.http_body.data[@.primary=true].rsrp',
              type: 'number',
              default: '-140',
              enum: null,
            },
            {
              id: 'band',
              ref: 'rsrp',
              filter: '$',
              type: 'string',
              default: null,
              enum: ['LTE', '5G'],
              description: 'Band',
            },
          ],
        },
      ],
    });
    expect(
      await screen.findByText('Data collection config created successfully'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/monitoring-templates/data-collection/8'));
  });

  it("shows the server's errors next to the input their source names", async () => {
    const view = renderCreate(() =>
      jsonResponse(422, {
        success: false,
        errors: [
          {
            code: 'VALIDATION_ERROR',
            message: 'Unexpected "[?" in the filter',
            source: 'data.0.variables.1.filter',
          },
          {
            code: 'VALIDATION_ERROR',
            message: 'Unknown device documentation',
            source: 'api_version',
          },
          { code: 'CONFLICT', message: 'Too many configs', source: null },
        ],
      }),
    );
    await fillBasics(view);
    const modems = endpoint(1);
    await fillVariable(view, variable(modems, 1), 'rsrp', '$.http_body.rsrp');
    await view.user.click(modems.getByRole('button', { name: 'Add variable' }));
    await fillVariable(view, variable(modems, 2), 'rsrq', '$.http_body.rsrq');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    const second = variable(modems, 2);
    expect(await second.findByText('Unexpected "[?" in the filter')).toBeInTheDocument();
    expect(second.getByRole('textbox', { name: 'Filter' })).toHaveAttribute('aria-invalid', 'true');
    expect(variable(modems, 1).getByRole('textbox', { name: 'Filter' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('Unknown device documentation')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many configs');
    expect(currentLocation()).toBe(PAGE_URL);
  });
});
