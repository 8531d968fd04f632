import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockApi, ok } from '@/test/mock-api';
import { formOf, jsonBody, renderSchemaForm } from './test-utils';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

describe('SchemaForm masks', () => {
  it.each([
    ['#', '###', 'a1 2b9', '1 2'],
    ['*', '***', '-a_1B', 'a1B'],
    ['S', 'SSS', '1a2B-c', 'aBc'],
    ['F', 'FFF', 'g1az9', '1A9'],
    ['A', 'AA', '1bc', 'BC'],
    ['a', 'aa', 'X1Y', 'xy'],
    ['! (escape)', '!#-#', '57', '#-5'],
  ])('token %s: mask %s turns typed %s into %s', async (_token, mask, typed, expected) => {
    const { user } = renderSchemaForm(formOf([{ key: 'code', label: 'Code', mask }]));
    await user.type(screen.getByLabelText('Code'), typed);
    expect(screen.getByLabelText('Code')).toHaveValue(expected);
  });

  it('refuses an incomplete masked value with the mask in the message', async () => {
    const { user } = renderSchemaForm(formOf([{ key: 'time', label: 'Time', mask: '##:##' }]));
    await user.type(screen.getByLabelText('Time'), '123');
    expect(screen.getByLabelText('Time')).toHaveValue('12:3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Does not match the format ##:##')).toBeInTheDocument();
  });
});

describe('SchemaForm validation', () => {
  const fields = [
    { key: 'name', label: 'Name', required: true, minlength: 3 },
    { key: 'amount', label: 'Amount', type: 'number' as const, min: 1, max: 5 },
  ];

  it('shows required and minlength messages at their fields and sends nothing', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const { user } = renderSchemaForm(formOf(fields));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'ab');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Must be at least 3 characters'));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('checks min and max of numbers', async () => {
    const { user } = renderSchemaForm(formOf(fields));
    await user.type(screen.getByLabelText(/^Name/), 'abc');
    await user.type(screen.getByLabelText('Amount'), '9');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be at most 5')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '0');
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
  });

  it('refuses a value not matching the pattern', async () => {
    const { user } = renderSchemaForm(formOf([{ key: 'slug', label: 'Slug', pattern: '[a-z]+' }]));
    await user.type(screen.getByLabelText('Slug'), 'abc1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid format')).toBeInTheDocument();
  });

  it('clears a server error when the field is edited', async () => {
    mockApi({
      'POST /api/things': () =>
        jsonResponse(422, {
          success: false,
          errors: [{ code: 'VALIDATION_ERROR', message: 'Name is taken', source: 'name' }],
        }),
    });
    const { user } = renderSchemaForm(formOf(fields));
    await user.type(screen.getByLabelText(/^Name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'x');
    expect(screen.queryByText('Name is taken')).not.toBeInTheDocument();
  });

  it('lists errors that belong to no field under the form', async () => {
    mockApi({ 'POST /api/things': () => errorResponse(409, 'CONFLICT', 'Quota exceeded') });
    const { user } = renderSchemaForm(formOf(fields));
    await user.type(screen.getByLabelText(/^Name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quota exceeded');
  });
});

describe('SchemaForm depends and permission', () => {
  const fields = [
    { key: 'kind', label: 'Kind', type: 'radio' as const, options: [
      { value: 'paid', label: 'Paid' },
      { value: 'free', label: 'Free' },
    ] },
    { key: 'price', label: 'Price', depends: { kind: 'paid' } },
    { key: 'secret', label: 'Secret', permission: 'super_admin' as const },
  ]; // prettier-ignore

  it('hides a field whose depends is unmet and drops its value', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const { user } = renderSchemaForm(formOf(fields));
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Paid'));
    await user.type(screen.getByLabelText('Price'), '12');
    await user.click(screen.getByLabelText('Free'));
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ kind: 'free' });

    await user.click(screen.getByLabelText('Paid'));
    expect(screen.getByLabelText('Price')).toHaveValue('');
  });

  it('accepts a predicate and a list of values as depends', async () => {
    const { user } = renderSchemaForm(
      formOf([
        { key: 'count', label: 'Count', type: 'number' },
        { key: 'big', label: 'Big', depends: (values) => Number(values.count) > 10 },
        { key: 'type', label: 'Type' },
        { key: 'extra', label: 'Extra', depends: { type: ['2', 4] } },
      ]),
    );
    await user.type(screen.getByLabelText('Count'), '11');
    expect(screen.getByLabelText('Big')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Type'), '4');
    expect(screen.getByLabelText('Extra')).toBeInTheDocument();
  });

  it('shows a field with a permission only to users holding it', () => {
    renderSchemaForm(formOf(fields));
    expect(screen.queryByLabelText('Secret')).not.toBeInTheDocument();
  });

  it('shows the field to a user with the permission', () => {
    renderSchemaForm(formOf(fields), { permissions: ['super_admin'] });
    expect(screen.getByLabelText('Secret')).toBeInTheDocument();
  });
});

describe('SchemaForm inputs', () => {
  it('fills 16 random letters and digits with generate: password', async () => {
    const { user } = renderSchemaForm(
      formOf([{ key: 'password', label: 'Password', type: 'password', generate: 'password' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const first = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(first).toMatch(/^[A-Za-z0-9]{16}$/);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText('Password')).not.toHaveValue(first);
  });

  it('trims pasted text and cuts it to maxlength', async () => {
    const { user } = renderSchemaForm(formOf([{ key: 'code', label: 'Code', maxlength: 5 }]));
    await user.click(screen.getByLabelText('Code'));
    await user.paste('   abcdefgh  ');
    expect(screen.getByLabelText('Code')).toHaveValue('abcde');
  });

  it('keeps the result of a paste within maxlength', async () => {
    const { user } = renderSchemaForm(formOf([{ key: 'code', label: 'Code', maxlength: 5 }]));
    await user.type(screen.getByLabelText('Code'), 'xyz');
    await user.paste(' 12345 ');
    expect(screen.getByLabelText('Code')).toHaveValue('xyz12');
  });

  it('shows subtext, hint and addon', () => {
    renderSchemaForm(
      formOf([
        { key: 'host', label: 'Host', subtext: 'Under it', hint: 'Why', addon: '.example.com' },
      ]),
    );
    expect(screen.getByLabelText(/^Host/)).toHaveAccessibleDescription('Under it');
    expect(screen.getByRole('img', { name: 'Why' })).toBeInTheDocument();
    expect(screen.getByText('.example.com')).toBeInTheDocument();
  });

  it('focuses the first field and submits on Enter', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const { user } = renderSchemaForm(
      formOf([
        { key: 'note', component: 'BaseAlert', props: { message: 'Read me', color: 'yellow' } },
        { key: 'name', label: 'Name' },
      ]),
    );
    expect(screen.getByText('Read me')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.keyboard('Acme{Enter}');
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ name: 'Acme' });
  });

  it('shows the default and calls onCancel', async () => {
    const onCancel = vi.fn();
    const { user } = renderSchemaForm(formOf([{ key: 'name', label: 'Name', default: 'X' }]), {
      onCancel,
    });
    expect(screen.getByLabelText('Name')).toHaveValue('X');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows loading on the submit button while waiting', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'POST /api/things': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderSchemaForm(formOf([{ key: 'name', label: 'Name' }]));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('data-loading'),
    );
    answer(ok({}));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('data-loading'),
    );
  });
});
