import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  dialog,
  lastBody,
  listOk,
  renderWithSession,
  TASK_MANAGER_URL,
  task,
  taskGroupDetail,
} from '../test-utils';
import { openCreateTaskGroup, openEditTaskGroup } from './task-group-dialogs';

const created = () => jsonResponse(201, { success: true, data: { id: 9 } });

async function openEditor(open: () => void, title: string, api: Record<string, MockHandler> = {}) {
  const view = renderWithSession(<button onClick={open}>Open</button>, {
    url: TASK_MANAGER_URL,
    path: TASK_MANAGER_URL,
    user: roleUser('admin'),
    api: {
      'POST /api/devices/tasks/groups': created,
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      'GET /api/tags': () => listOk([{ id: 7, name: 'Gateways' }]),
      'GET /api/files': () => listOk([{ id: 11, name: 'RUTX_R_00.07.07.bin' }]),
      ...api,
    },
  });
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, form: await dialog(title) };
}

const step = (form: ReturnType<typeof within>, index: number) =>
  within(form.getByRole('group', { name: `Step ${index}` }));

async function chooseAction(
  view: { user: { click: (element: Element) => Promise<void> } },
  scope: ReturnType<typeof within>,
  action: string,
) {
  await view.user.click(scope.getByRole('combobox', { name: /^Action/ }));
  await view.user.click(await screen.findByRole('option', { name: action }));
}

describe('Task group editor', { timeout: 30_000 }, () => {
  it('creates the group with its steps in order, each with its action, type and data', async () => {
    const { view, form } = await openEditor(openCreateTaskGroup, 'New task group');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Nightly check');

    const first = step(form, 1);
    await view.user.type(first.getByRole('textbox', { name: /^Step name/ }), 'Uptime');
    await view.user.type(first.getByRole('textbox', { name: /^Command/ }), 'uptime');
    await view.user.type(first.getByRole('textbox', { name: /^Acceptable exit codes/ }), '0, 1');

    await view.user.click(form.getByRole('button', { name: 'Add step' }));
    const second = step(form, 2);
    await view.user.type(second.getByRole('textbox', { name: /^Step name/ }), 'Firmware');
    await chooseAction(view, second, 'Firmware update');
    await view.user.click(second.getByRole('combobox', { name: /^Firmware file/ }));
    await view.user.click(await screen.findByRole('option', { name: 'RUTX_R_00.07.07.bin' }));
    const retries = second.getByRole('textbox', { name: /^Retries/ });
    await view.user.clear(retries);
    await view.user.type(retries, '2');

    await view.user.click(form.getByRole('button', { name: 'Add step' }));
    const third = step(form, 3);
    await view.user.type(third.getByRole('textbox', { name: /^Step name/ }), 'Reboot');
    await chooseAction(view, third, 'Reboot');
    await view.user.click(third.getByRole('checkbox', { name: /^Stop on failure/ }));
    // Rebooting goes first.
    await view.user.click(third.getByRole('button', { name: 'Move step 3 up' }));
    await view.user.click(form.getByRole('button', { name: 'Move step 2 up' }));

    await view.user.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups')).toEqual({
      name: 'Nightly check',
      company_id: 3,
      success_tag_id: [],
      failed_tag_id: [],
      tasks: [
        {
          name: 'Reboot',
          order: 0,
          action: 'reboot',
          type: 'command',
          timeout: 60,
          retries: 0,
          stop_on_failure: false,
          data: {},
        },
        {
          name: 'Uptime',
          order: 1,
          action: 'command',
          type: 'command',
          timeout: 60,
          retries: 0,
          stop_on_failure: true,
          data: { command: 'uptime', acceptable_codes: [0, 1] },
        },
        {
          name: 'Firmware',
          order: 2,
          action: 'firmware_update',
          type: 'upload_file',
          timeout: 60,
          retries: 2,
          stop_on_failure: true,
          data: { file_id: 11, keep_settings: true },
        },
      ],
    });
    expect(await screen.findByText('Task group created successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New task group' })).toBeNull(),
    );
  });

  it("offers the companies' firmware and the global firmware, marked as global", async () => {
    const { view, form } = await openEditor(openCreateTaskGroup, 'New task group', {
      'GET /api/files': () =>
        listOk([
          { id: 11, name: 'RUTX_R_00.07.07.bin', type: 'firmware' },
          { id: 12, name: 'RUTX_R_00.07.10.bin', type: 'global_firmware' },
        ]),
    });
    const first = step(form, 1);
    await chooseAction(view, first, 'Firmware update');
    await view.user.click(first.getByRole('combobox', { name: /^Firmware file/ }));
    expect(await screen.findByRole('option', { name: 'RUTX_R_00.07.07.bin' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('option', { name: 'RUTX_R_00.07.10.bin (global)' }));
    const [url] = view.calls('GET /api/files').at(-1) ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('type')).toBe(
      'firmware,global_firmware',
    );
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Upgrade');
    await view.user.type(first.getByRole('textbox', { name: /^Step name/ }), 'Firmware');
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups')).toMatchObject({
      tasks: [{ action: 'firmware_update', data: { file_id: 12 } }],
    });
  });

  it('changes passwords with the chosen length and refuses one out of range', async () => {
    const { view, form } = await openEditor(openCreateTaskGroup, 'New task group');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Rotate passwords');
    const first = step(form, 1);
    await view.user.type(first.getByRole('textbox', { name: /^Step name/ }), 'Passwords');
    await chooseAction(view, first, 'Change password');
    const length = first.getByRole('textbox', { name: /^Password length/ });
    await view.user.clear(length);
    await view.user.type(length, '40');
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    expect(await first.findByText(/less than or equal to 32|at most 32/i)).toBeInTheDocument();
    expect(view.calls('POST /api/devices/tasks/groups')).toHaveLength(0);

    await view.user.clear(length);
    await view.user.type(length, '24');
    await view.user.click(first.getByRole('checkbox', { name: /^Include special characters/ }));
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups')).toMatchObject({
      tasks: [
        {
          action: 'password_change',
          type: 'command',
          data: { password_length: 24, password_special: true },
        },
      ],
    });
  });

  it("puts a server error under the step's own input and keeps the dialog open", async () => {
    const { view, form } = await openEditor(openCreateTaskGroup, 'New task group', {
      'POST /api/devices/tasks/groups': () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'Command is too risky',
              source: 'tasks.1.data.command',
            },
            {
              code: 'CONFLICT',
              message: 'A task group with this name already exists',
              source: 'name',
            },
          ],
        }),
    });
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Nightly check');
    await view.user.type(step(form, 1).getByRole('textbox', { name: /^Step name/ }), 'Uptime');
    await view.user.type(step(form, 1).getByRole('textbox', { name: /^Command/ }), 'uptime');
    await view.user.click(form.getByRole('button', { name: 'Add step' }));
    await view.user.type(step(form, 2).getByRole('textbox', { name: /^Step name/ }), 'Wipe');
    await view.user.type(step(form, 2).getByRole('textbox', { name: /^Command/ }), 'rm -rf /');
    await view.user.click(form.getByRole('button', { name: 'Create' }));

    const second = step(form, 2);
    expect(await second.findByText('Command is too risky')).toBeInTheDocument();
    expect(second.getByRole('textbox', { name: /^Command/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(step(form, 1).getByRole('textbox', { name: /^Command/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(form.getByText('A task group with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New task group' })).toBeInTheDocument();
  });

  it("checks each step with the contract's rules before sending", async () => {
    const { view, form } = await openEditor(openCreateTaskGroup, 'New task group');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Nightly check');
    const first = step(form, 1);
    await view.user.type(first.getByRole('textbox', { name: /^Step name/ }), 'Uptime');
    const timeout = first.getByRole('textbox', { name: /^Timeout/ });
    await view.user.clear(timeout);
    await view.user.type(timeout, '301');
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    expect(await first.findByText('Command is required')).toBeInTheDocument();
    expect(first.getByText('Must be at most 300')).toBeInTheDocument();

    await view.user.click(first.getByRole('button', { name: 'Remove step 1' }));
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByText('Add at least one task')).toBeInTheDocument();
    expect(view.calls('POST /api/devices/tasks/groups')).toHaveLength(0);
  });

  it('refuses exit codes that are not whole numbers from 0 to 255', async () => {
    const { view, form } = await openEditor(openCreateTaskGroup, 'New task group');
    await view.user.type(form.getByRole('textbox', { name: /^Name/ }), 'Nightly check');
    const first = step(form, 1);
    await view.user.type(first.getByRole('textbox', { name: /^Step name/ }), 'Uptime');
    await view.user.type(first.getByRole('textbox', { name: /^Command/ }), 'uptime');
    await view.user.type(first.getByRole('textbox', { name: /^Acceptable exit codes/ }), '0, 256');
    await view.user.click(form.getByRole('button', { name: 'Create' }));
    expect(
      await first.findByText('Use whole numbers from 0 to 255, separated by commas'),
    ).toBeInTheDocument();
    expect(view.calls('POST /api/devices/tasks/groups')).toHaveLength(0);
  });

  it('edits the saved steps and sends them all again, without the company', async () => {
    const detail = taskGroupDetail({
      success_tag_id: [7],
      tasks: [
        task({ id: 22, order: 1, name: 'Reboot', action: 'reboot', data: {}, timeout: 120 }),
        task({ data: { command: 'uptime', acceptable_codes: [0, 2] } }),
      ],
    });
    const { view, form } = await openEditor(() => openEditTaskGroup(detail), 'Edit task group', {
      'GET /api/devices/tasks/groups/4': () => ok(detail),
      'PUT /api/devices/tasks/groups/4': () => ok(),
    });
    const first = step(form, 1);
    expect(await first.findByRole('textbox', { name: /^Command/ })).toHaveValue('uptime');
    expect(first.getByRole('textbox', { name: /^Acceptable exit codes/ })).toHaveValue('0, 2');
    expect(step(form, 2).getByRole('textbox', { name: /^Step name/ })).toHaveValue('Reboot');
    expect(form.queryByRole('textbox', { name: /^Company/ })).toBeNull();
    // The saved tag shows as a chip, named by id.
    expect(
      await form.findByText('Gateways', { selector: '.mantine-Pill-label' }),
    ).toBeInTheDocument();

    await view.user.click(step(form, 2).getByRole('button', { name: 'Remove step 2' }));
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('PUT /api/devices/tasks/groups/4')).toHaveLength(1));
    expect(lastBody(view.calls, 'PUT /api/devices/tasks/groups/4')).toEqual({
      name: 'Nightly check',
      success_tag_id: [7],
      failed_tag_id: [],
      tasks: [
        {
          name: 'Uptime',
          order: 0,
          action: 'command',
          type: 'command',
          timeout: 60,
          retries: 0,
          stop_on_failure: true,
          data: { command: 'uptime', acceptable_codes: [0, 2] },
        },
      ],
    });
  });
});
