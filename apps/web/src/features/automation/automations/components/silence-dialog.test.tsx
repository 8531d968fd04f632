import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { SilencesPage } from '../pages/silences-page';
import {
  automation,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
  silence,
  unprocessable,
} from '../test-utils';

const URL = '/management/automations/silences';
const CREATE = 'POST /api/automations/silences';
const UPDATE = 'PUT /api/automations/silences/5';

type View = ReturnType<typeof renderDialogPage>;
type Scope = ReturnType<typeof within>;

function renderDialogPage(answers: { create?: () => Response; rows?: unknown[] } = {}) {
  return renderWithSession(<SilencesPage />, {
    url: URL,
    path: URL,
    user: roleUser('admin'),
    api: {
      'GET /api/automations/silences': () => listOk(answers.rows ?? []),
      [CREATE]:
        answers.create ?? (() => jsonResponse(200, { success: true, data: silence({ id: 9 }) })),
      [UPDATE]: () => jsonResponse(200, { success: true, data: silence() }),
      'GET /api/automations': () => listOk([automation({ id: 12, name: 'Weak signal' })]),
      'GET /api/tags': () => listOk([{ id: 9, name: 'Depots' }]),
      'GET /api/devices': () =>
        listOk([
          { id: 42, name: 'Depot router' },
          { id: 43, name: 'Yard gateway' },
        ]),
    },
  });
}

/** An input by the start of its label (required ones end with an asterisk). */
const input = (scope: Scope, label: string | RegExp) =>
  scope.getByLabelText(typeof label === 'string' ? new RegExp(`^${label}`) : label, {
    selector: 'input',
  });
/** Not "Devices with tags". */
const DEVICES = /^Devices(?! with)/;

async function openNew(view: View) {
  await view.user.click(await screen.findByRole('button', { name: 'New silence' }));
  return dialog('New silence');
}

async function pick(view: View, field: HTMLElement, option: string) {
  await view.user.click(field);
  await view.user.click(await screen.findByRole('option', { name: option }));
}

describe('silence dialog', { timeout: 30_000 }, () => {
  it('says under the end that it must be after the start, and sends nothing', async () => {
    const view = renderDialogPage();
    const form = await openNew(view);
    await view.user.type(input(form, 'Name'), 'Maintenance');
    // datetime-local inputs take a whole value at once.
    fireEvent.change(input(form, 'Start'), { target: { value: '2026-11-29T10:00' } });
    fireEvent.change(input(form, 'End'), { target: { value: '2026-11-29T09:00' } });
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    const end = input(form, 'End');
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(end).toHaveAccessibleDescription('The end must be after the start');
    expect(input(form, 'Start')).not.toHaveAttribute('aria-invalid', 'true');
    expect(view.calls(CREATE)).toHaveLength(0);
  });

  it('creates a repeating silence of one rule with the contract body', async () => {
    const view = renderDialogPage();
    const form = await openNew(view);
    await view.user.type(input(form, 'Name'), 'Nightly backup');
    await pick(view, input(form, 'Automations'), 'Weak signal');
    fireEvent.change(input(form, 'Start'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(input(form, 'End'), { target: { value: '2026-12-31T00:00' } });
    await view.user.click(form.getByRole('switch', { name: /^Repeat within this period/ }));

    const schedule = within(form.getByRole('group', { name: 'Schedule (cron)' }));
    const hour = schedule.getByRole('textbox', { name: 'Hour' });
    await view.user.clear(hour);
    await view.user.type(hour, '3');
    const days = schedule.getByRole('textbox', { name: 'Day of week' });
    await view.user.clear(days);
    await view.user.type(days, '1-5');
    expect(form.getByText('Every weekday at 03:00')).toBeInTheDocument();
    const minutes = input(form, 'Each window lasts');
    await view.user.clear(minutes);
    await view.user.type(minutes, '90');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Silence created successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, CREATE)).toEqual({
      name: 'Nightly backup',
      automation_ids: [12],
      device_ids: [],
      tag_ids: [],
      starts_at: '2026-12-01 00:00:00',
      ends_at: '2026-12-31 00:00:00',
      recurrence: { cron: '0 3 * * 1-5', time_zone: 'UTC', duration_seconds: 5400 },
      notify_after: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New silence' })).not.toBeInTheDocument(),
    );
  });

  it("puts the server's errors under their inputs", async () => {
    const view = renderDialogPage({
      create: () =>
        unprocessable([
          {
            message: "The device is not in the silence's company or below it",
            source: 'device_ids.0',
          },
          { message: 'Company is invalid', source: 'company_id' },
        ]),
    });
    const form = await openNew(view);
    await view.user.type(input(form, 'Name'), 'Maintenance');
    await pick(view, input(form, DEVICES), 'Depot router');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    const devices = input(form, DEVICES);
    await waitFor(() =>
      expect(devices).toHaveAccessibleDescription(
        /The device is not in the silence's company or below it/,
      ),
    );
    // What names no input goes above the buttons; the toast says what failed.
    expect(form.getByText('Company is invalid')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to create silence (Unprocessable Entity)'),
    ).toBeInTheDocument();
    expect(lastBody(view.calls, CREATE)).toMatchObject({ device_ids: [42] });
  });

  it('edits a silence with its devices named, sending the update body', async () => {
    const view = renderDialogPage({ rows: [silence()] });
    await view.user.click(await screen.findByRole('button', { name: 'Actions for Maintenance' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await dialog('Edit silence');
    // The picker shows the saved devices by name, not by number.
    expect((await form.findAllByText('Depot router')).length).toBeGreaterThan(0);
    expect(form.getAllByText('Yard gateway').length).toBeGreaterThan(0);
    expect(form.queryByText('42')).not.toBeInTheDocument();
    const name = input(form, 'Name');
    await view.user.clear(name);
    await view.user.type(name, 'Maintenance 2');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Silence updated successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, UPDATE)).toMatchObject({
      name: 'Maintenance 2',
      device_ids: [42, 43],
      tag_ids: [9],
      recurrence: null,
    });
  });
});
