import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { formOf, jsonBody, renderSchemaForm } from './test-utils';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

const tableForm = formOf([
  {
    key: 'ports',
    label: 'Ports',
    component: 'TableInput',
    required: true,
    props: {
      columns: [
        { key: 'name', label: 'Name', required: true },
        { key: 'port', label: 'Port', type: 'number', min: 1, max: 65535 },
      ],
    },
  },
]);

describe('TableInput', () => {
  it('adds and removes rows, validates cells and submits the rows', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const { user } = renderSchemaForm(tableForm);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Port' }), '70000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be at most 65535')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ssh');
    await user.clear(screen.getByRole('textbox', { name: 'Port' }));
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '22');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Name' })[1] as HTMLElement, 'web');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({
      ports: [{ name: 'ssh', port: 22 }, { name: 'web' }],
    });
  });

  it('says when it has no rows and stops adding rows at maxRows', async () => {
    const { user } = renderSchemaForm(
      formOf([
        {
          key: 'ports',
          label: 'Ports',
          component: 'TableInput',
          props: { maxRows: 2, columns: [{ key: 'name', label: 'Name' }] },
        },
      ]),
    );
    expect(screen.getByText('No rows yet')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add row' });
    await user.click(add);
    expect(screen.queryByText('No rows yet')).not.toBeInTheDocument();
    await user.click(add);
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(2);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(add).toBeEnabled();
  });

  it('moves to the next cell on Enter; only the last cell submits', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const { user } = renderSchemaForm(tableForm);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const names = screen.getAllByRole('textbox', { name: 'Name' });
    const ports = screen.getAllByRole('textbox', { name: 'Port' });
    await user.type(names[0] as HTMLElement, 'ssh{Enter}');
    expect(ports[0]).toHaveFocus();
    await user.type(ports[0] as HTMLElement, '22{Enter}');
    expect(names[1]).toHaveFocus();
    await user.type(names[1] as HTMLElement, 'web{Enter}80');
    expect(api.fetchMock).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({
      ports: [
        { name: 'ssh', port: 22 },
        { name: 'web', port: 80 },
      ],
    });
  });

  it("shows a server error naming a cell under that row's cell, by key or bulk data index", async () => {
    mockApi({
      'POST /api/things': () =>
        jsonResponse(422, {
          success: false,
          errors: [
            { code: 'VALIDATION_ERROR', message: 'Port taken', source: 'ports.1.port' },
            { code: 'VALIDATION_ERROR', message: 'Name taken', source: 'data.0.name' },
          ],
        }),
    });
    const { user } = renderSchemaForm(tableForm);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const names = screen.getAllByRole('textbox', { name: 'Name' });
    const ports = screen.getAllByRole('textbox', { name: 'Port' });
    await user.type(names[0] as HTMLElement, 'ssh');
    await user.type(names[1] as HTMLElement, 'web');
    await user.type(ports[1] as HTMLElement, '22');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(ports[1]).toHaveAccessibleDescription('Port taken'));
    expect(names[0]).toHaveAccessibleDescription('Name taken');
    expect(ports[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(names[1]).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Editing the cell clears its server error.
    await user.type(ports[1] as HTMLElement, '0');
    expect(screen.queryByText('Port taken')).not.toBeInTheDocument();
    expect(screen.getByText('Name taken')).toBeInTheDocument();
  });
});
