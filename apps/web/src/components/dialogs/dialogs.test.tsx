import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@netfleet/contracts';
import { BrandProvider } from '@/components/brand';
import { testBrand } from '@/test/fixtures';
import { useDialog } from './dialog-context';
import { registerDialogHelp } from './dialog-help';
import { DialogHost } from './dialog-host';
import { dialogs } from './dialog-store';
import { openNamedDialog, registerNamedDialogs } from './named-dialogs';
import { renderWithHost } from './test-utils';
import type { DialogOptions } from './types';
import { clampDrag } from './use-drag';

const open = (options: Partial<DialogOptions> & { id: string }) =>
  act(() => dialogs.open({ title: options.id, content: `${options.id} body`, ...options }));

describe('dialog manager', () => {
  it('replaces the open dialog that has the same id, starting it afresh', async () => {
    const { user } = renderWithHost();
    const first = vi.fn();
    open({ id: 'edit', title: 'Edit tag', content: <input aria-label="Name" />, onClose: first });
    await user.type(screen.getByLabelText('Name'), 'typed');
    open({ id: 'edit', title: 'Edit tag', content: <input aria-label="Name" /> });

    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(first).toHaveBeenCalledOnce();
  });

  it('closes with the close button and calls onClose once', async () => {
    const { user } = renderWithHost();
    const onClose = vi.fn();
    open({ id: 'a', title: 'First', onClose });
    const dialog = screen.getByRole('dialog', { name: 'First' });
    expect(dialog).toHaveTextContent('a body');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('minimises to chips in the bottom-left bar and restores', async () => {
    const { user } = renderWithHost();
    open({ id: 'a', title: 'First', content: <input aria-label="Kept" /> });
    await user.type(screen.getByLabelText('Kept'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Minimize' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Minimized windows' });
    await user.click(within(bar).getByRole('button', { name: 'Restore First' }));
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    // Minimising keeps what was typed.
    expect(screen.getByLabelText('Kept')).toHaveValue('draft');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('refuses a sixth minimised dialog with a toast', async () => {
    const { user } = renderWithHost();
    for (const n of [1, 2, 3, 4, 5]) {
      open({ id: `d${n}`, title: `Window ${n}` });
      await user.click(screen.getByRole('button', { name: 'Minimize' }));
    }
    open({ id: 'd6', title: 'Window 6' });
    const sixth = screen.getByRole('dialog', { name: 'Window 6' });
    await user.click(within(sixth).getByRole('button', { name: 'Minimize' }));

    expect(await screen.findByText(MESSAGES.tooManyMinimized)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Window 6' })).toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Minimized windows' });
    expect(within(bar).getAllByRole('button', { name: /^Restore/ })).toHaveLength(5);

    await user.click(within(bar).getByRole('button', { name: 'Close Window 1' }));
    await user.click(within(sixth).getByRole('button', { name: 'Minimize' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes only the top dialog on Escape, and not one that opts out', async () => {
    const { user } = renderWithHost();
    open({ id: 'sticky', title: 'Sticky', closeOnEscape: false });
    open({ id: 'lower', title: 'Lower' });
    open({ id: 'upper', title: 'Upper', content: <input aria-label="Field" /> });
    await user.click(screen.getByLabelText('Field'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Upper' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lower' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Lower' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sticky' })).toBeInTheDocument();
  });

  it('keeps one main dialog: opening a main one closes the other', () => {
    renderWithHost();
    const onClose = vi.fn();
    open({ id: 'devices', title: 'Devices', main: true, onClose });
    open({ id: 'helper', title: 'Helper' });
    open({ id: 'users', title: 'Users', main: true });

    expect(screen.queryByRole('dialog', { name: 'Devices' })).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Helper' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Users' })).toBeInTheDocument();
  });

  it('keeps a minimised main dialog when another main one opens', () => {
    renderWithHost();
    const onClose = vi.fn();
    open({ id: 'new-tag', title: 'New tag', main: true, onClose });
    act(() => dialogs.minimize('new-tag'));
    open({ id: 'new-company', title: 'New company', main: true });

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New company' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore New tag' })).toBeInTheDocument();
  });

  it('shows the help link, maximises, and gives the content its dialog', async () => {
    function CloseFromInside() {
      const dialog = useDialog();
      return <button onClick={dialog?.close}>Done in {dialog?.id}</button>;
    }
    const { user } = renderWithHost();
    open({
      id: 'report',
      title: 'Report',
      subtitle: 'Last 7 days',
      maximizable: true,
      helpUrl: 'https://docs.example.com/report',
      content: <CloseFromInside />,
    });
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveTextContent('Last 7 days');
    expect(within(dialog).getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://docs.example.com/report',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Maximize' }));
    expect(within(dialog).getByRole('button', { name: 'Restore size' })).toBeInTheDocument();
    expect(dialog).toHaveAttribute('data-full-screen');

    await user.click(within(dialog).getByRole('button', { name: 'Done in report' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('drags by the header', () => {
    renderWithHost();
    open({ id: 'drag', title: 'Movable' });
    const dialog = screen.getByRole('dialog', { name: 'Movable' });
    const title = within(dialog).getByRole('heading', { name: 'Movable' });
    fireEvent.pointerDown(title, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 160, clientY: 130 });
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 160, clientY: 130 });
    expect(dialog).toHaveStyle({ left: '60px', top: '30px' });
    // Only the dialog moves, not the fixed full-window container around it.
    expect(dialog.parentElement?.style.left).toBe('');
    // After the pointer is up, moves are no longer followed.
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 300, clientY: 300 });
    expect(dialog).toHaveStyle({ left: '60px', top: '30px' });
  });

  it('opens a dialog registered by name', async () => {
    renderWithHost();
    const unregister = registerNamedDialogs({
      'invite-user': (props: { email: string }) => ({
        id: 'invite-user',
        title: 'Invite user',
        content: `Invite ${props.email}`,
      }),
    });
    await act(() => openNamedDialog('invite-user', { email: 'ada@example.com' }));
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toHaveTextContent(
      'Invite ada@example.com',
    );
    unregister();
    await expect(openNamedDialog('invite-user')).rejects.toThrow(
      "No dialog registered as 'invite-user'",
    );
  });
});

describe('clampDrag', () => {
  const viewport = { width: 1000, height: 800 };
  const box = { left: 300, top: 100, width: 400 };

  it('moves freely inside the window', () => {
    expect(clampDrag(box, 50, -40, viewport)).toEqual({ x: 50, y: -40 });
  });

  it('keeps the header reachable', () => {
    expect(clampDrag(box, 0, -500, viewport)).toEqual({ x: 0, y: -100 });
    expect(clampDrag(box, 2000, 2000, viewport)).toEqual({ x: 652, y: 652 });
    expect(clampDrag(box, -2000, 0, viewport)).toEqual({ x: -652, y: 0 });
  });
});

describe('dialog help link', () => {
  it("links to the dialog's help under the brand's docs base (the test brand has none: absolute only)", () => {
    renderWithHost();
    open({ id: 'with-help', title: 'With help', helpUrl: 'https://docs.example.com/tags' });
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://docs.example.com/tags',
    );
    open({ id: 'relative', title: 'Relative', helpUrl: 'dialogs/tags' });
    expect(screen.getAllByRole('link', { name: 'Help' })).toHaveLength(1);
  });

  it("keeps the brand's external docs when it has them, also with the in-app help", () => {
    const unregister = registerDialogHelp(vi.fn());
    render(
      <MantineProvider env="test">
        <BrandProvider brand={{ ...testBrand, docs_url: 'https://docs.example.com/console' }}>
          <DialogHost />
        </BrandProvider>
      </MantineProvider>,
    );
    open({ id: 'relative', title: 'Relative', helpUrl: 'dialogs/tags', helpTopic: 'company.tags' });
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://docs.example.com/console/dialogs/tags',
    );
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
    unregister();
  });

  it("without docs opens the console's help on the dialog's topic, once the shell offers it", async () => {
    renderWithHost();
    open({ id: 'tags', title: 'Tags', helpTopic: 'company.tags' });
    // No help panel registered (outside the shell): no help at all.
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();

    const openHelp = vi.fn();
    const unregister = registerDialogHelp(openHelp);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    expect(openHelp).toHaveBeenCalledWith('company.tags');
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();

    act(unregister);
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('gives a named dialog its name as help topic', async () => {
    renderWithHost();
    const openHelp = vi.fn();
    const unregister = registerDialogHelp(openHelp);
    const unregisterDialog = registerNamedDialogs({
      'company.new': () => ({ id: 'new-company', title: 'New company', content: 'Form' }),
    });
    await act(() => openNamedDialog('company.new'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Help' }));
    expect(openHelp).toHaveBeenCalledWith('company.new');
    unregisterDialog();
    unregister();
  });
});
