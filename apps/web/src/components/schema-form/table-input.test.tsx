import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
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
});
