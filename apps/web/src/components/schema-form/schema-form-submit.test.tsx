import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@netfleet/contracts';
import { DialogHost, dialogs } from '@/components/dialogs';
import { mockApi, ok } from '@/test/mock-api';
import { SchemaForm } from './schema-form';
import { formOf, hiddenFileInput, jsonBody, renderSchemaForm, renderWithForms } from './test-utils';
import type { FormDefinition } from './types';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

const bodyOf = (call: unknown[] | undefined) => (call?.[1] as RequestInit | undefined)?.body;

describe('SchemaForm submit', () => {
  const companyEdit: FormDefinition = formOf([{ key: 'name', label: 'Name', required: true }], {
    name: 'company-edit',
    method: 'PUT',
    url: (_values, id) => `/companies/${id}`,
    beforeSubmit: (values, initial) =>
      values.name === initial.name ? MESSAGES.companyNameUnchanged : null,
  });

  it('toasts the beforeSubmit message and sends nothing', async () => {
    const api = mockApi({ 'PUT /api/companies/5': () => ok({}) });
    const { user } = renderSchemaForm(companyEdit, { id: '5', initialValues: { name: 'Acme' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please input different value to save changes.')).toBeVisible();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sends with the method and the url built from the id once the value changed', async () => {
    const onSuccess = vi.fn();
    const api = mockApi({ 'PUT /api/companies/5': () => ok({ id: 5 }) });
    const { user } = renderSchemaForm(companyEdit, {
      id: '5',
      initialValues: { name: 'Acme', id: 5 },
      onSuccess,
    });
    await user.type(screen.getByLabelText(/^Name/), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(api.calls('PUT /api/companies/5')).toHaveLength(1);
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ name: 'Acme Ltd' });
  });

  it('sends a multipart body with indexed arrays', async () => {
    const api = mockApi({ 'POST /api/uploads': () => ok({}) });
    const definition = formOf(
      [
        { key: 'system', label: 'System', default: 'rutos' },
        { key: 'overwrite', label: 'Overwrite', type: 'checkbox' },
        { key: 'file', label: 'File', type: 'file', accept: '.json' },
        { key: 'tags', label: 'Tags', component: 'ListInput' },
      ],
      { url: '/uploads', multipart: true },
    );
    const { user } = renderSchemaForm(definition);
    await user.click(screen.getByLabelText('Overwrite'));
    const file = new File(['{}'], 'api.json', { type: 'application/json' });
    await user.upload(hiddenFileInput('file'), file);
    await user.type(screen.getByLabelText('Tags'), 'a{Enter}b{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    const body = bodyOf(api.fetchMock.mock.calls[0]);
    expect(body).toBeInstanceOf(FormData);
    const data = body as FormData;
    expect(data.get('system')).toBe('rutos');
    expect(data.get('overwrite')).toBe('true');
    expect((data.get('file') as File).name).toBe('api.json');
    expect(data.get('tags[0]')).toBe('a');
    expect(data.get('tags[1]')).toBe('b');
    expect(data.has('tags')).toBe(false);
  });

  it('applies transform and base', async () => {
    const api = mockApi({ 'DELETE /account/things': () => ok({}) });
    const definition = formOf([{ key: 'email', label: 'E-mail', type: 'email', required: true }], {
      method: 'DELETE',
      base: '/account',
      transform: (values) => ({ emails: [values.email] }),
    });
    const { user } = renderSchemaForm(definition);
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^E-mail/));
    await user.type(screen.getByLabelText(/^E-mail/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/account/things');
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ emails: ['a@example.com'] });
  });

  it('clears the fields a change resets', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const definition = formOf([
      { key: 'group', label: 'Group', resets: ['member'] },
      { key: 'member', label: 'Member' },
    ]);
    const { user } = renderSchemaForm(definition, {
      initialValues: { group: 'g1', member: 'm1' },
    });
    expect(screen.getByLabelText('Member')).toHaveValue('m1');
    await user.type(screen.getByLabelText('Group'), '2');
    expect(screen.getByLabelText('Member')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ group: 'g12', member: '' });
  });

  it('sends a number, and nothing for an empty optional number', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const definition = formOf([
      { key: 'price', label: 'Price', type: 'number', min: 0, step: 0.01 },
      { key: 'count', label: 'Count', type: 'number' },
    ]);
    const { user } = renderSchemaForm(definition);
    await user.type(screen.getByLabelText('Price'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be a multiple of 0.01')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ price: 1.23 });
  });

  describe('with a confirm question', () => {
    afterEach(() => act(() => dialogs.closeAll()));

    const paid = formOf([{ key: 'count', label: 'Count', type: 'number', required: true }], {
      transform: (values) => ({ count: values.count, unit: 'credits' }),
      confirm: (values) => `Spend ${String(values.count)} credit(s)?`,
    });
    const renderPaid = () =>
      renderWithForms(
        <>
          <SchemaForm definition={paid} />
          <DialogHost />
        </>,
      );

    it('asks only once the values are valid, and sends nothing when cancelled', async () => {
      const api = mockApi({ 'POST /api/things': () => ok({}) });
      const { user } = renderPaid();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.type(screen.getByLabelText(/^Count/), '3');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const confirm = within(await screen.findByRole('dialog', { name: 'Confirm' }));
      expect(confirm.getByText('Spend 3 credit(s)?')).toBeInTheDocument();
      await user.click(confirm.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.fetchMock).not.toHaveBeenCalled();
    });

    it('sends the transformed values once confirmed', async () => {
      const api = mockApi({ 'POST /api/things': () => ok({}) });
      const { user } = renderPaid();
      await user.type(screen.getByLabelText(/^Count/), '2');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const confirm = within(await screen.findByRole('dialog', { name: 'Confirm' }));
      expect(api.fetchMock).not.toHaveBeenCalled();
      await user.click(confirm.getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
      expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ count: 2, unit: 'credits' });
    });
  });
});
