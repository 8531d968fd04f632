import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  actionStatusOpened,
  currentLocation,
  dataCollectConfig,
  lastBody,
  renderWithSession,
} from '../test-utils';
import { ConfigEditPage } from './config-edit-page';

const UPDATE = 'PUT /api/data-collect/configs/8';

function renderEdit(url = '/monitoring-templates/data-collection/edit/8') {
  return renderWithSession(<ConfigEditPage />, {
    url,
    path: '/monitoring-templates/data-collection/edit/:id',
    user: roleUser('admin'),
    api: {
      'GET /api/data-collect/configs/8': () => ok(dataCollectConfig()),
      [UPDATE]: () => jsonResponse(200, { success: true, meta: { channel: 'dc-update-8' } }),
      'GET /api/data-collect/configs/9': () =>
        errorResponse(404, 'NOT_FOUND', 'Data collect config not found'),
    },
  });
}

const variable = (index: number) =>
  within(screen.getByRole('group', { name: `Variable ${index}` }));

describe('ConfigEditPage', { timeout: 30_000 }, () => {
  it('shows the saved config in the inputs, without a company picker', async () => {
    renderEdit();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Signal');
    expect(screen.getByRole('textbox', { name: /^Period/ })).toHaveValue('300');
    expect(screen.getByRole('combobox', { name: /^URL/ })).toHaveValue('/modems/status');
    expect(screen.getByText('Modems: signal, operator, temperature')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Values' })).toHaveValue('1-1, 2-1');
    expect(variable(1).getByRole('textbox', { name: 'Filter' })).toHaveValue(
      '$.http_body.data[@.primary=true].rsrp',
    );
    expect(variable(1).getByRole('combobox', { name: /^Type/ })).toHaveValue('Number');
    expect(variable(2).getByRole('textbox', { name: /^ID/ })).toHaveValue('operator');
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
  });

  it('saves the config, follows the devices getting it and goes back to it', async () => {
    const view = renderEdit();
    const period = await screen.findByRole('textbox', { name: /^Period/ });
    await view.user.clear(period);
    await view.user.type(period, '600');
    await view.user.click(screen.getByRole('button', { name: 'Remove variable 2' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/monitoring-templates/data-collection/8'));
    expect(lastBody(view.calls, UPDATE)).toEqual({
      name: 'Signal',
      description: 'Modem signal',
      company_id: 3,
      api_version: '1.0',
      api_system: 'rutos',
      period: 600,
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
              default: null,
              enum: null,
              description: 'Signal power',
            },
          ],
        },
      ],
    });
    expect(actionStatusOpened).toHaveBeenCalledWith('dc-update-8', {
      title: 'Data collection: Signal',
    });
  });

  it('says so when the config does not exist', async () => {
    renderEdit('/monitoring-templates/data-collection/edit/9');
    expect(await screen.findByText('Data collection config not found')).toBeInTheDocument();
  });
});
