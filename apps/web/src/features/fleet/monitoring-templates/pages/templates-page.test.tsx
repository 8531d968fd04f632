import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { currentLocation, dialog, listOk, renderWithSession, template } from '../test-utils';
import { TemplatesPage } from './templates-page';

function renderList(rows = [template(), template({ id: 5, name: 'Slow', parameters: [] })]) {
  return renderWithSession(<TemplatesPage />, {
    url: '/monitoring-templates',
    path: '/monitoring-templates',
    user: roleUser('admin'),
    api: {
      'GET /api/monitoring-templates': () => listOk(rows),
      'DELETE /api/monitoring-templates/4': () => ok(),
      'DELETE /api/monitoring-templates/5': () =>
        errorResponse(404, 'NOT_FOUND', 'Monitoring template not found'),
    },
  });
}

const rowOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

describe('TemplatesPage', { timeout: 30_000 }, () => {
  it('lists templates with their active parameter count and creation time', async () => {
    renderList();
    await screen.findByRole('link', { name: 'Fast' });
    const fast = rowOf('Fast');
    expect(fast.getByRole('link', { name: 'Fast' })).toHaveAttribute(
      'href',
      '/monitoring-templates/edit/4',
    );
    expect(fast.getByText('Every minute')).toBeInTheDocument();
    expect(fast.getByText('2 / 200')).toBeInTheDocument();
    expect(fast.getByText('2026-02-03 10:00:00')).toBeInTheDocument();
    expect(rowOf('Slow').getByText('0 / 200')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New monitoring template' })).toHaveAttribute(
      'href',
      '/monitoring-templates/create',
    );
  });

  it('shows the empty state', async () => {
    renderList([]);
    expect(await screen.findByText('No monitoring templates found')).toBeInTheDocument();
  });

  it('opens the editor from the row menu', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Fast' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Fast' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(currentLocation()).toBe('/monitoring-templates/edit/4');
  });

  it('removes a template only after the removal prompt', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Fast' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Fast' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const prompt = await dialog('Remove monitoring template');
    expect(prompt.getByText('Remove monitoring template Fast?')).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(view.calls('DELETE /api/monitoring-templates/4')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Actions for Fast' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Remove monitoring template')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Monitoring template removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/monitoring-templates/4')).toHaveLength(1);
    await waitFor(() => expect(view.calls('GET /api/monitoring-templates')).toHaveLength(2));
  });

  it('shows why a removal failed', async () => {
    const view = renderList();
    await screen.findByRole('link', { name: 'Slow' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Slow' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Remove monitoring template')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Monitoring template not found')).toBeInTheDocument();
  });
});
