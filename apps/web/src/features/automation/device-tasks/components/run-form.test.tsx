import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { jsonResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  currentLocation,
  dialog,
  lastBody,
  listOk,
  renderWithSession,
  TASK_MANAGER_URL,
  task,
  taskGroupDetail,
} from '../test-utils';
import { openRunDialog } from './run-dialog';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const started = () =>
  jsonResponse(200, { success: true, meta: { channel: 'task-run-12', run_id: 12 } });

beforeEach(() => {
  // Only the clock: user-event's and the queries' timers keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // UTC+9, no daylight saving: the inputs' wall clock is nine hours ahead of the API's dates.
  writeCookie(COOKIES.timezone, 'Asia/Tokyo');
});
afterEach(() => vi.useRealTimers());

async function openRun(api: Record<string, MockHandler> = {}, detail = taskGroupDetail()) {
  const view = renderWithSession(<button onClick={() => openRunDialog(detail)}>Open</button>, {
    url: TASK_MANAGER_URL,
    path: TASK_MANAGER_URL,
    user: roleUser('admin'),
    api: {
      'GET /api/devices/tasks/groups/4': () => ok(detail),
      'POST /api/devices/tasks/groups/4': started,
      'GET /api/devices': () => listOk([{ id: 42, name: 'Depot router' }]),
      'GET /api/tags': () => listOk([{ id: 7, name: 'Gateways' }]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      ...api,
    },
  });
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  const form = await dialog('Run Nightly check');
  await form.findByRole('button', { name: 'Run' });
  return { view, form };
}

type Scope = Awaited<ReturnType<typeof dialog>>;
const picker = (scope: Scope, label: string) => scope.getByLabelText(label, { selector: 'input' });
const dateInput = (scope: Scope, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input[type="datetime-local"]' });

const setInput = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

describe('Run dialog', { timeout: 30_000 }, () => {
  it('runs on the chosen targets at a later time, sent in UTC, then shows the run', async () => {
    const { view, form } = await openRun();
    await view.user.click(picker(form, 'Devices'));
    await view.user.click(await screen.findByRole('option', { name: 'Depot router' }));
    await view.user.click(picker(form, 'Tags'));
    await view.user.click(await screen.findByRole('option', { name: 'Gateways' }));
    expect(dateInput(form, 'Valid until')).toHaveValue('2026-11-21T21:00');

    await view.user.click(form.getByRole('radio', { name: 'Start at' }));
    setInput(dateInput(form, 'Start at'), '2026-11-21T09:00');
    // The window keeps its 24 hours from the new start.
    expect(dateInput(form, 'Valid until')).toHaveValue('2026-11-22T09:00');
    expect(form.getByText('Times are in Asia/Tokyo.')).toBeInTheDocument();

    await view.user.click(form.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups/4')).toEqual({
      device_id: [42],
      tag_id: [7],
      company_id: [],
      tasks: [],
      start_at: '2026-11-21 00:00:00',
      valid_until: '2026-11-22 00:00:00',
    });
    await waitFor(() => expect(currentLocation()).toBe(`${TASK_MANAGER_URL}?run=12`));
    expect(await screen.findByText('Task run started')).toBeInTheDocument();
  });

  it("fills the steps' {{name}} placeholders and starts now without a start time", async () => {
    const detail = taskGroupDetail({
      tasks: [task({ name: 'Ping', data: { command: 'ping -c {{count}} {{host}}' } })],
    });
    const { view, form } = await openRun({}, detail);
    await view.user.click(picker(form, 'Companies'));
    await view.user.click(await screen.findByRole('option', { name: 'Acme' }));
    await view.user.type(form.getByRole('textbox', { name: 'Ping: host' }), '10.0.0.1');
    expect(form.getByRole('textbox', { name: 'Ping: count' })).toHaveValue('');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups/4')).toEqual({
      device_id: [],
      tag_id: [],
      company_id: [3],
      tasks: [{ task_id: 21, variables: [{ name: 'host', value: '10.0.0.1' }] }],
      valid_until: '2026-11-21 12:00:00',
    });
  });

  it('asks for a target and a start in the future before sending', async () => {
    const { view, form } = await openRun();
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    expect(await form.findByText('Choose at least one device, tag or company')).toBeInTheDocument();

    await view.user.click(form.getByRole('radio', { name: 'Start at' }));
    setInput(dateInput(form, 'Start at'), '2026-11-20T20:00');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    expect(await form.findByText('The start time is in the past')).toBeInTheDocument();
    expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(0);
  });

  it("shows the server's refusal next to the field it names", async () => {
    const { view, form } = await openRun({
      'POST /api/devices/tasks/groups/4': () =>
        jsonResponse(422, {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'No device matches the chosen devices, tags and companies',
              source: 'device_id',
            },
          ],
        }),
    });
    await view.user.click(picker(form, 'Tags'));
    await view.user.click(await screen.findByRole('option', { name: 'Gateways' }));
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    expect(
      await form.findByText('No device matches the chosen devices, tags and companies'),
    ).toBeInTheDocument();
    expect(picker(form, 'Devices')).toHaveAttribute('aria-invalid', 'true');
    expect(currentLocation()).toBe(TASK_MANAGER_URL);
  });

  it('repeats on a preset: builds the cron expression and gives each run its window', async () => {
    const { view, form } = await openRun();
    await view.user.click(picker(form, 'Devices'));
    await view.user.click(await screen.findByRole('option', { name: 'Depot router' }));
    await view.user.click(form.getByRole('radio', { name: 'Repeat' }));
    // The start's end gives way to the length of each run's window.
    expect(form.queryByLabelText(/^Valid until/)).toBeNull();
    await view.user.click(form.getByRole('combobox', { name: 'Repeats' }));
    await view.user.click(await screen.findByRole('option', { name: 'Every week' }));
    await view.user.click(form.getByRole('combobox', { name: 'On' }));
    await view.user.click(await screen.findByRole('option', { name: 'Wednesday' }));
    setInput(form.getByLabelText(/^At/), '03:30');
    expect(form.getByText('30 3 * * 3')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
    expect(form.getByRole('textbox', { name: /^Each run is valid for/ })).toHaveValue('24');

    await view.user.click(form.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(1));
    // No start: the first run is the first occurrence from now; the window is measured from now.
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups/4')).toEqual({
      device_id: [42],
      tag_id: [],
      company_id: [],
      tasks: [],
      valid_until: '2026-11-21 12:00:00',
      recurrence: { cron: '30 3 * * 3', time_zone: 'Asia/Tokyo' },
    });
  });

  it('keeps an hourly run within the hour between runs', async () => {
    const { view, form } = await openRun();
    await view.user.click(picker(form, 'Tags'));
    await view.user.click(await screen.findByRole('option', { name: 'Gateways' }));
    await view.user.click(form.getByRole('radio', { name: 'Repeat' }));
    await view.user.click(form.getByRole('combobox', { name: 'Repeats' }));
    await view.user.click(await screen.findByRole('option', { name: 'Every hour' }));
    const hours = form.getByRole('textbox', { name: /^Each run is valid for/ });
    expect(hours).toHaveValue('1');
    expect(form.getByText('0 * * * *')).toBeInTheDocument();

    await view.user.clear(hours);
    await view.user.type(hours, '2');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    expect(
      await form.findByText('The validity window is longer than the time between two runs'),
    ).toBeInTheDocument();
    expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(0);

    await view.user.clear(hours);
    await view.user.type(hours, '1');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups/4')).toMatchObject({
      valid_until: '2026-11-20 13:00:00',
      recurrence: { cron: '0 * * * *', time_zone: 'Asia/Tokyo' },
    });
  });

  it("shows the server's refusal of a custom cron expression under it", async () => {
    const refusal = (source: string, message: string) => {
      const conflict = source === 'recurrence';
      return jsonResponse(conflict ? 409 : 422, {
        success: false,
        errors: [{ code: conflict ? 'CONFLICT' : 'VALIDATION_ERROR', message, source }],
      });
    };
    let answer = () =>
      refusal(
        'recurrence.cron',
        'Use a cron expression: minute hour day-of-month month day-of-week',
      );
    const { view, form } = await openRun({ 'POST /api/devices/tasks/groups/4': () => answer() });
    await view.user.click(picker(form, 'Tags'));
    await view.user.click(await screen.findByRole('option', { name: 'Gateways' }));
    await view.user.click(form.getByRole('radio', { name: 'Repeat' }));
    await view.user.click(form.getByRole('combobox', { name: 'Repeats' }));
    await view.user.click(await screen.findByRole('option', { name: 'Custom cron' }));
    const cron = form.getByRole('textbox', { name: /^Cron expression/ });
    expect(cron).toHaveAccessibleDescription(expect.stringContaining('Five fields'));

    // Four fields: refused before sending.
    await view.user.type(cron, '0 3 * *');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    expect(cron).toHaveAttribute('aria-invalid', 'true');
    expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(0);

    // Five fields, but no minute 61: the server says so, under the input.
    await view.user.clear(cron);
    await view.user.type(cron, '61 3 * * *');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(view.calls('POST /api/devices/tasks/groups/4')).toHaveLength(1));
    await waitFor(() => expect(cron).toHaveAttribute('aria-invalid', 'true'));
    expect(cron).toHaveAccessibleDescription(
      expect.stringContaining('Use a cron expression: minute hour day-of-month month'),
    );
    expect(lastBody(view.calls, 'POST /api/devices/tasks/groups/4')).toMatchObject({
      recurrence: { cron: '61 3 * * *', time_zone: 'Asia/Tokyo' },
    });

    // A group repeats once at a time: the conflict shows under the schedule's choice.
    answer = () =>
      refusal('recurrence', 'The task group already has a recurring schedule; cancel it first');
    await view.user.clear(cron);
    await view.user.type(cron, '0 3 * * *');
    await view.user.click(form.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: 'Repeats' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(
      form.getByText('The task group already has a recurring schedule; cancel it first'),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe(TASK_MANAGER_URL);
  });
});
