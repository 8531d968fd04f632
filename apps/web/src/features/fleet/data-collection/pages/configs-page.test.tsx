import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  actionStatusOpened,
  currentLocation,
  dataCollectConfig,
  dialog,
  listOk,
  renderWithSession,
} from '../test-utils';
import { ConfigsPage } from './configs-page';

const PAGE_URL = '/monitoring-templates/data-collection';
const slow = dataCollectConfig({
  id: 9,
  enabled: false,
  period: 86_400,
  device_count: 0,
  config: { ...dataCollectConfig().config, id: 9, name: 'Daily', description: null },
});

function renderList(rows = [dataCollectConfig(), slow]) {
  return renderWithSession(<ConfigsPage />, {
    url: PAGE_URL,
    path: PAGE_URL,
    user: roleUser('admin'),
    api: {
      'GET /api/data-collect/configs': () => listOk(rows),
      'DELETE /api/data-collect/configs/8': () =>
        jsonResponse(200, { success: true, meta: { channel: 'dc-remove-8' } }),
      'DELETE /api/data-collect/configs/9': () =>
        errorResponse(404, 'NOT_FOUND', 'Data collect config not found'),
    },
  });
}

const rowOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

describe('ConfigsPage', { timeout: 30_000 }, () => {
  it('lists configs with their period, state, devices and creation time', async () => {
    renderList();
    await screen.findByRole('link', { name: 'Signal' });
    const signal = rowOf('Signal');
    expect(signal.getByRole('link', { name: 'Signal' })).toHaveAttribute(
      'href',
      '/monitoring-templates/data-collection/8',
    );
    expect(signal.getByText('Modem signal')).toBeInTheDocument();
    expect(signal.getByText('5m')).toBeInTheDocument();
    expect(signal.getByText('Yes')).toBeInTheDocument();
    expect(signal.getByText('2')).toBeInTheDocument();
    expect(signal.getByText('2026-11-20 10:00:00')).toBeInTheDocument();
    const daily = rowOf('Daily');
    expect(daily.getByText('1d 0h 0m')).toBeInTheDocument();
    expect(daily.getByText('No')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New data collection config' })).toHaveAttribute(
      'href',
      '/monitoring-templates/data-collection/create',
    );
  });

  it('searches on the server', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Signal' });
    await view.user.type(screen.getByPlaceholderText('Search by name or description'), 'sig');
    await waitFor(() =>
      expect(
        view.calls('GET /api/data-collect/configs').some(([url]) => String(url).includes('q=sig')),
      ).toBe(true),
    );
  });

  it('shows the empty state with a first config to create', async () => {
    renderList([]);
    expect(await screen.findByText('No data collection configs found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New data collection config' })).toHaveLength(2);
  });

  it('opens the editor from the row menu', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Signal' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Signal' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(currentLocation()).toBe('/monitoring-templates/data-collection/edit/8');
  });

  it('deletes a config only once confirmed, saying its devices stop collecting it', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Signal' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Signal' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const prompt = await dialog('Delete data collection config');
    expect(
      prompt.getByText(
        'Delete data collection config Signal? Devices it is assigned to stop collecting it.',
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls('DELETE /api/data-collect/configs/8')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Actions for Signal' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Delete data collection config')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Data collection config removed successfully'),
    ).toBeInTheDocument();
    expect(view.calls('DELETE /api/data-collect/configs/8')).toHaveLength(1);
    expect(actionStatusOpened).toHaveBeenCalledWith('dc-remove-8', {
      title: 'Data collection: Signal',
    });
    await waitFor(() => expect(view.calls('GET /api/data-collect/configs')).toHaveLength(2));
  });

  it('shows why a deletion failed', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Daily' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Daily' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Delete data collection config')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Data collect config not found')).toBeInTheDocument();
  });
});
