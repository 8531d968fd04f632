import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertDialog, confirmDialog, promptDialog } from './simple-dialogs';
import { renderWithHost } from './test-utils';

describe('confirmDialog', () => {
  it('resolves true when confirmed', async () => {
    const { user } = renderWithHost();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog({
        title: 'Revoke access',
        message: 'Revoke impersonation access?',
        confirmText: 'Revoke',
        danger: true,
      });
    });
    const dialog = screen.getByRole('dialog', { name: 'Revoke access' });
    expect(dialog).toHaveTextContent('Revoke impersonation access?');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false when cancelled or closed with Escape', async () => {
    const { user } = renderWithHost();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog({ message: 'Sure?' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = confirmDialog({ message: 'Sure?' });
    });
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('promptDialog', () => {
  it('requires input before resolving it, trimmed', async () => {
    const { user } = renderWithHost();
    let answer!: Promise<string | null>;
    let settled = false;
    act(() => {
      answer = promptDialog({ title: 'Rename', label: 'Name', confirmText: 'Save' });
      void answer.then(() => (settled = true));
    });
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    await user.type(within(dialog).getByLabelText(/Name/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(settled).toBe(false);

    await user.type(within(dialog).getByLabelText(/Name/), ' Gateway {Enter}');
    await expect(answer).resolves.toBe('Gateway');
  });

  it('resolves null when cancelled', async () => {
    const { user } = renderWithHost();
    let answer!: Promise<string | null>;
    act(() => {
      answer = promptDialog({ title: 'Rename', label: 'Name', initialValue: 'Old' });
    });
    expect(screen.getByLabelText(/Name/)).toHaveValue('Old');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });
});

describe('alertDialog', () => {
  it("is titled 'Error' by default and resolves when dismissed", async () => {
    const { user } = renderWithHost();
    let done!: Promise<void>;
    act(() => {
      done = alertDialog({ message: 'Quota exceeded' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Quota exceeded');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBeUndefined();
  });
});
