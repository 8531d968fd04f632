import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { openFormDialog } from './open-form-dialog';
import { formOf, renderWithForms } from './test-utils';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

const closeDialog = vi.fn();
vi.mock('@/components/dialogs', () => ({
  dialogs: { open: vi.fn() },
  useDialog: () => ({ id: 'form.tag', close: closeDialog }),
}));

const openedWith = (): DialogOptions => {
  const call = vi.mocked(dialogs.open).mock.calls.at(-1);
  if (!call) throw new Error('No dialog opened');
  return call[0];
};

describe('openFormDialog', () => {
  beforeEach(() => {
    vi.mocked(dialogs.open).mockClear();
    closeDialog.mockClear();
  });

  const tag = formOf([{ key: 'name', label: 'Name' }], {
    name: 'tag',
    title: 'Edit tag',
    helpUrl: 'https://docs.example.com/tags',
    initialValues: (id) => ({ name: `Tag ${id}` }),
  });

  it('opens the form as the main dialog named after it', async () => {
    openFormDialog(tag, { id: '4' });
    expect(openedWith()).toMatchObject({
      id: 'form.tag',
      title: 'Edit tag',
      helpUrl: 'https://docs.example.com/tags',
      main: true,
    });
    renderWithForms(openedWith().content as ReactElement);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Tag 4'));
  });

  it('takes a dialog id and given starting values, and Cancel closes the dialog', async () => {
    openFormDialog(tag, { dialogId: 'tag.copy', initialValues: { name: 'Given' } });
    expect(openedWith().id).toBe('tag.copy');
    const { user } = renderWithForms(openedWith().content as ReactElement);
    expect(screen.getByLabelText('Name')).toHaveValue('Given');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closeDialog).toHaveBeenCalledTimes(1);
  });
});
