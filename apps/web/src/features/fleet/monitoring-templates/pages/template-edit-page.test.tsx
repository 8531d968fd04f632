import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, ok } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { currentLocation, lastBody, renderWithSession, template } from '../test-utils';
import { TemplateEditPage } from './template-edit-page';

function renderEdit(url = '/monitoring-templates/edit/4') {
  return renderWithSession(<TemplateEditPage />, {
    url,
    path: '/monitoring-templates/edit/:id',
    user: roleUser('admin'),
    api: {
      'GET /api/monitoring-templates/4': () => ok(template()),
      'PUT /api/monitoring-templates/4': () => ok(template()),
      'GET /api/monitoring-templates/9': () =>
        errorResponse(404, 'NOT_FOUND', 'Monitoring template not found'),
    },
  });
}

describe('TemplateEditPage', { timeout: 30_000 }, () => {
  it("shows the template's parameters with their state", async () => {
    renderEdit();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Fast');
    expect(screen.getByRole('switch', { name: 'Monitor Dynamic' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Monitor Input/Output' })).not.toBeChecked();
    expect(screen.getByText('2 / 200')).toBeInTheDocument();
    expect(screen.getByLabelText('Dynamic period in seconds')).toHaveValue('60');
    // No company picker: a template stays with its company.
    expect(screen.queryByRole('textbox', { name: 'Company' })).toBeNull();
  });

  it('saves the changes without the company and goes back to the list', async () => {
    const view = renderEdit();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await view.user.clear(name);
    await view.user.type(name, 'Faster');
    await view.user.click(screen.getByRole('switch', { name: 'Monitor Input/Output' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/monitoring-templates'));
    expect(lastBody(view.calls, 'PUT /api/monitoring-templates/4')).toEqual({
      name: 'Faster',
      description: 'Every minute',
      parameters: [
        { key: 'dynamic', period: 60, enabled: true },
        { key: 'gps', period: 300, enabled: true },
        { key: 'io', period: 300, enabled: true },
      ],
    });
  });

  it('says so when the template does not exist', async () => {
    renderEdit('/monitoring-templates/edit/9');
    expect(await screen.findByText('Monitoring template not found')).toBeInTheDocument();
  });
});
