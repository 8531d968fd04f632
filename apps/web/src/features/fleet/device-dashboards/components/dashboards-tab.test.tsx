import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, ok } from '@/test/mock-api';
import {
  currentLocation,
  dashboard,
  dialog,
  lastBody,
  listOk,
  renderDashboardsTab,
} from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const admin = roleUser('admin');
const guest = roleUser('read_only');
const LIST = 'GET /api/devices/42/dashboards';

describe('Dashboards tab', { timeout: 30_000 }, () => {
  it('says when the device has no dashboards and creates one, then opens it', async () => {
    const created = dashboard({ id: 9, name: 'Radio', description: '' });
    const { user, calls } = renderDashboardsTab('/devices/42/dashboards', admin, {
      [LIST]: () => listOk([]),
      'POST /api/devices/42/dashboards': () => jsonResponse(201, { success: true, data: created }),
      'GET /api/devices/42/dashboards/9': () => ok(created),
    });
    expect(await screen.findByText('This device has no dashboards yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    const form = await dialog('New dashboard');
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Radio');
    await user.click(form.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(currentLocation()).toBe('/devices/42/dashboards/9'));
    expect(lastBody(calls, 'POST /api/devices/42/dashboards')).toEqual({
      name: 'Radio',
      description: '',
      range: '24h',
    });
  });

  it('refuses an empty name before asking the server', async () => {
    const { user, calls } = renderDashboardsTab('/devices/42/dashboards', admin, {
      [LIST]: () => listOk([]),
    });
    await user.click(await screen.findByRole('button', { name: 'New dashboard' }));
    const form = await dialog('New dashboard');
    await user.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByRole('textbox', { name: /Name/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls('POST /api/devices/42/dashboards')).toHaveLength(0);
  });

  it('lists dashboards and deletes one after confirmation', async () => {
    const site = dashboard({ widgets: [{ id: 'a', kind: 'facts', title: '' }] });
    const other = dashboard({ id: 8, name: 'Backup link', description: '' });
    let rows = [site, other];
    const { user, calls } = renderDashboardsTab('/devices/42/dashboards', admin, {
      [LIST]: () => listOk(rows),
      'DELETE /api/devices/42/dashboards/7': () => {
        rows = [other];
        return ok();
      },
    });
    const card = within(await screen.findByRole('article', { name: 'Site overview' }));
    expect(card.getByText('What the depot needs')).toBeInTheDocument();
    expect(card.getByText('1 widget')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Site overview' })).toHaveAttribute(
      'href',
      '/devices/42/dashboards/7',
    );

    await user.click(card.getByRole('button', { name: 'Actions of Site overview' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await dialog('Delete dashboard');
    expect(confirm.getByText(/Delete the dashboard "Site overview"\?/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Site overview' })).not.toBeInTheDocument(),
    );
    expect(calls('DELETE /api/devices/42/dashboards/7')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Backup link' })).toBeInTheDocument();
  });

  it('renames a dashboard and changes the period it opens with', async () => {
    let current = dashboard();
    const { user, calls } = renderDashboardsTab('/devices/42/dashboards', admin, {
      [LIST]: () => listOk([current]),
      'PUT /api/devices/42/dashboards/7': (init) => {
        current = { ...current, ...(JSON.parse(String(init?.body)) as object) };
        return ok(current);
      },
    });
    const card = within(await screen.findByRole('article', { name: 'Site overview' }));
    await user.click(card.getByRole('button', { name: 'Actions of Site overview' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await dialog('Edit dashboard');
    const name = form.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Site overview');
    await user.clear(name);
    await user.type(name, 'Depot');
    await user.click(form.getByLabelText('Period', { selector: 'input:not([type=hidden])' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('article', { name: 'Depot' })).toBeInTheDocument();
    expect(lastBody(calls, 'PUT /api/devices/42/dashboards/7')).toEqual({
      name: 'Depot',
      description: 'What the depot needs',
      range: '7d',
    });
  });

  it('offers a guest the dashboards to look at, nothing to change', async () => {
    const { user } = renderDashboardsTab('/devices/42/dashboards', guest, {
      [LIST]: () => listOk([dashboard()]),
    });
    const card = within(await screen.findByRole('article', { name: 'Site overview' }));
    expect(screen.queryByRole('button', { name: 'New dashboard' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Actions of Site overview' }));
    expect(await screen.findByRole('menuitem', { name: 'Mobile view' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
