import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { addItems } from './components/list-items';
import { formOf, jsonBody, renderSchemaForm } from './test-utils';
import type { ListInputOptions } from './types';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

const listForm = (props: ListInputOptions = {}) =>
  formOf([{ key: 'emails', label: 'Emails', component: 'ListInput', props: { ...props } }]);

const pills = () =>
  screen.queryAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'));

describe('ListInput', () => {
  it('adds items with Enter and comma, ignoring blanks, and submits them', async () => {
    const api = mockApi({ 'POST /api/things': () => ok({}) });
    const { user } = renderSchemaForm(listForm());
    const input = screen.getByLabelText('Emails');
    await user.type(input, 'one{Enter}two,  ,{Enter} three ,');
    expect(pills()).toEqual(['Remove one', 'Remove two', 'Remove three']);
    expect(input).toHaveValue('');
    // Enter added an item; it did not submit the form.
    expect(api.fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(api.fetchMock.mock.calls[0])).toEqual({ emails: ['one', 'two', 'three'] });
  });

  it('ignores duplicates when items are unique', async () => {
    const { user } = renderSchemaForm(listForm({ uniqueItems: true }));
    await user.type(screen.getByLabelText('Emails'), 'a{Enter}b{Enter}a{Enter}');
    expect(pills()).toEqual(['Remove a', 'Remove b']);
  });

  it('keeps duplicates otherwise', async () => {
    const { user } = renderSchemaForm(listForm());
    await user.type(screen.getByLabelText('Emails'), 'a{Enter}a{Enter}');
    expect(pills()).toEqual(['Remove a', 'Remove a']);
  });

  it('enforces maxItems', async () => {
    const { user } = renderSchemaForm(listForm({ maxItems: 2 }));
    await user.type(screen.getByLabelText('Emails'), 'a{Enter}b{Enter}c{Enter}');
    expect(pills()).toEqual(['Remove a', 'Remove b']);
    expect(screen.getByText('At most 2 items can be added')).toBeInTheDocument();
  });

  it('removes the last item with Backspace on an empty input, and one item with its ×', async () => {
    const { user } = renderSchemaForm(listForm());
    await user.type(screen.getByLabelText('Emails'), 'a{Enter}b{Enter}c{Enter}');
    await user.keyboard('{Backspace}');
    expect(pills()).toEqual(['Remove a', 'Remove b']);
    await user.keyboard('x{Backspace}');
    expect(pills()).toEqual(['Remove a', 'Remove b']);
    await user.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(pills()).toEqual(['Remove b']);
  });

  it('refuses an item the browser finds invalid and keeps it for correction', async () => {
    const { user } = renderSchemaForm(listForm({ type: 'email' }));
    await user.type(screen.getByLabelText('Emails'), 'nope{Enter}');
    expect(pills()).toEqual([]);
    expect(screen.getByText('"nope" is not a valid value')).toBeInTheDocument();
    expect(screen.getByLabelText('Emails')).toHaveValue('nope');
  });

  it('adds each value of a pasted list; refused ones stay in the input', async () => {
    const { user } = renderSchemaForm(listForm({ type: 'email', uniqueItems: true }));
    const input = screen.getByLabelText('Emails');
    await user.click(input);
    await user.paste('a@x.io, b@x.io\nnope;\ta@x.io\r\nc@x.io');
    expect(pills()).toEqual(['Remove a@x.io', 'Remove b@x.io', 'Remove c@x.io']);
    expect(input).toHaveValue('nope');
    expect(screen.getByText('"nope" is not a valid value')).toBeInTheDocument();
    // A single value is pasted as text, to be added with Enter.
    await user.clear(input);
    await user.paste('d@x.io');
    expect(input).toHaveValue('d@x.io');
    expect(pills()).toHaveLength(3);
  });

  it('offers an example CSV for download next to the upload', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({
        name: this.download,
        text: blobs.get(this.href)?.text() ?? Promise.resolve(''),
      });
    });
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.set(`blob:${blobs.size}`, blob);
        return `blob:${blobs.size - 1}`;
      },
      revokeObjectURL: () => undefined,
    });
    const { user } = renderSchemaForm(
      listForm({ showCsvUpload: true, csvExample: ['alice@example.com', 'bob@example.com'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Example CSV' }));
    expect(saved.map((file) => file.name)).toEqual(['emails-example.csv']);
    await expect(saved[0]?.text).resolves.toBe('alice@example.com\nbob@example.com\n');
    click.mockRestore();
  });

  it('has no example CSV unless one is given', () => {
    renderSchemaForm(listForm({ showCsvUpload: true }));
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Example CSV' })).toBeNull();
  });

  it('imports CSV lines, trimmed, empties skipped', async () => {
    const { user } = renderSchemaForm(listForm({ showCsvUpload: true, uniqueItems: true }));
    const csv = new File([' a@x.io \r\n\r\nb@x.io\n a@x.io\n'], 'list.csv', { type: 'text/csv' });
    await user.upload(csvInput(), csv);
    await waitFor(() => expect(pills()).toEqual(['Remove a@x.io', 'Remove b@x.io']));
  });

  it('refuses a file that is not a CSV', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderSchemaForm(listForm({ showCsvUpload: true }));
    await user.upload(csvInput(), new File(['a'], 'list.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Not a CSV file selected')).toBeInTheDocument();
  });

  it('refuses a CSV over 80 MB', async () => {
    renderSchemaForm(listForm({ showCsvUpload: true }));
    const big = new File(['a'], 'list.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 83_886_081 });
    await userEvent.setup().upload(csvInput(), big);
    expect(await screen.findByText('File size must be lower than 80MB')).toBeInTheDocument();
  });
});

function csvInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No CSV input');
  return input;
}

describe('addItems', () => {
  it('checks lengths, numbers in range and patterns per item', () => {
    expect(addItems([], ['ab', 'abcd', 'abc'], { minItemLength: 3, maxItemLength: 3 })).toEqual({
      items: ['abc'],
      invalid: ['ab', 'abcd'],
      overflow: 0,
    });
    expect(addItems([], ['5', '50', 'x'], { type: 'number', min: 1, max: 10 }).items).toEqual([
      '5',
    ]);
    expect(addItems([], ['AB', 'ab'], { pattern: '[A-Z]+' }).items).toEqual(['AB']);
    expect(addItems(['a'], ['a', 'b'], { noDupes: true }).items).toEqual(['a', 'b']);
  });
});
