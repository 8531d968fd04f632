import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  counts,
  currentLocation,
  dialog,
  groupLog,
  lastBody,
  listOk,
  renderWithSession,
  TASK_MANAGER_URL,
  taskLog,
  taskRun,
} from '../test-utils';
import { TaskManagerPage } from './task-manager-page';

const depot = groupLog();
const gateway = groupLog({
  id: 32,
  device_id: 43,
  device_name: 'Field gateway',
  status: 'processing',
  state: 'running',
  steps_done: 1,
  steps_total: 2,
  message: 'Rebooting',
  finished_at: null,
});

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderRun(api: Record<string, MockHandler> = {}, user = roleUser('admin')) {
  return renderWithSession(<TaskManagerPage />, {
    url: `${TASK_MANAGER_URL}?run=12`,
    path: TASK_MANAGER_URL,
    user,
    api: {
      'GET /api/devices/tasks/runs/12': () => ok(taskRun()),
      'GET /api/devices/tasks/groups/logs': () => listOk([depot, gateway]),
      'GET /api/devices/tasks/logs': () =>
        listOk([
          taskLog(),
          taskLog({
            id: 52,
            order: 1,
            name: 'Reboot',
            action: 'reboot',
            status: 'running',
            result: { status: 'running', message: null, output: null },
            message: null,
            output: null,
            finished_at: null,
          }),
        ]),
      'POST /api/devices/tasks/runs/12/cancel': () => ok(),
      'POST /api/devices/tasks/runs/12/pause': () => ok(),
      ...api,
    },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByText(text).closest('tr') as HTMLElement);

describe('TaskManagerPage: a run', { timeout: 30_000 }, () => {
  it('shows the run with its window and counts, and its devices with their progress', async () => {
    const view = renderRun();
    expect(await screen.findByRole('heading', { name: 'Nightly check · Run #12' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nightly check' })).toHaveAttribute(
      'href',
      `${TASK_MANAGER_URL}?group=4`,
    );
    expect(screen.getByText('2026-11-21 12:00:00')).toBeInTheDocument();
    expect(screen.getByText('2 devices')).toBeInTheDocument();
    expect(screen.getByText('1 done')).toBeInTheDocument();

    const devices = await screen.findByRole('table', { name: 'Devices' });
    await within(devices).findByText('Field gateway');
    expect(rowOf(devices, 'Depot router').getByText('Completed')).toBeInTheDocument();
    expect(rowOf(devices, 'Depot router').getByText('2 / 2')).toBeInTheDocument();
    const field = rowOf(devices, 'Field gateway');
    expect(field.getByText('Running')).toBeInTheDocument();
    expect(field.getByText('1 / 2')).toBeInTheDocument();
    expect(field.getByText('Rebooting')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/devices/tasks/groups/logs')[0]?.[0])).toMatchObject({
      run_id: '12',
    });
  });

  it("opens a device's task logs with each step's result", async () => {
    const view = renderRun();
    const devices = await screen.findByRole('table', { name: 'Devices' });
    await view.user.click(await within(devices).findByText('Field gateway'));
    const logs = await dialog('Task logs of Field gateway');
    const table = await logs.findByRole('table', { name: 'Task logs' });
    const uptime = rowOf(table, '1. Uptime');
    expect(uptime.getByText('Command')).toBeInTheDocument();
    expect(uptime.getByText('Completed')).toBeInTheDocument();
    expect(uptime.getByText('Exit code 0')).toBeInTheDocument();
    expect(uptime.getByText('up 3 days, load 0.10')).toBeInTheDocument();
    expect(uptime.getByText('2026-11-20 12:00:07')).toBeInTheDocument();
    expect(rowOf(table, '2. Reboot').getByText('Running')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/devices/tasks/logs')[0]?.[0])).toMatchObject({
      group_log_id: '32',
    });
  });

  it('cancels one device, and the whole run, each after asking', async () => {
    const view = renderRun();
    const devices = await screen.findByRole('table', { name: 'Devices' });
    await within(devices).findByText('Field gateway');
    // A finished device has nothing left to cancel.
    await view.user.click(screen.getByRole('button', { name: 'Actions for Depot router' }));
    expect(await screen.findByRole('menuitem', { name: 'Task logs' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel' })).toBeNull();
    await view.user.keyboard('{Escape}');

    await view.user.click(screen.getByRole('button', { name: 'Actions for Field gateway' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    const prompt = await dialog('Cancel device run');
    expect(prompt.getByText('Cancel the run on Field gateway?')).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Run on Field gateway cancelled successfully'),
    ).toBeInTheDocument();
    expect(lastBody(view.calls, 'POST /api/devices/tasks/runs/12/cancel')).toEqual({
      device_id: [43],
    });

    await view.user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const whole = await dialog('Cancel run');
    await view.user.click(whole.getByRole('button', { name: 'Keep running' }));
    expect(view.calls('POST /api/devices/tasks/runs/12/cancel')).toHaveLength(1);
    await view.user.click(screen.getByRole('button', { name: 'Cancel run' }));
    await view.user.click((await dialog('Cancel run')).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() =>
      expect(view.calls('POST /api/devices/tasks/runs/12/cancel')).toHaveLength(2),
    );
    expect(lastBody(view.calls, 'POST /api/devices/tasks/runs/12/cancel')).toEqual({});
  });

  it('pauses a running run', async () => {
    const view = renderRun();
    await view.user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Run paused')).toBeInTheDocument();
    expect(view.calls('POST /api/devices/tasks/runs/12/pause')).toHaveLength(1);
  });

  it('reads the run again every 2 s until it has finished', async () => {
    let reads = 0;
    const view = renderRun({
      'GET /api/devices/tasks/runs/12': () => {
        reads += 1;
        return ok(
          reads === 1
            ? taskRun()
            : taskRun({
                status: 'completed',
                counts: counts({ completed: 2 }),
                finished_at: '2026-11-20 12:02:00',
              }),
        );
      },
    });
    expect(await screen.findByText('1 done')).toBeInTheDocument();
    expect(await screen.findByText('2 done', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('2026-11-20 12:02:00')).toBeInTheDocument();
    // Finished: nothing to pause or cancel any more, and nothing more to read.
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    // The devices are read once more as the run finished them.
    await waitFor(() =>
      expect(view.calls('GET /api/devices/tasks/groups/logs').length).toBeGreaterThan(1),
    );
    const readsWhenFinished = view.calls('GET /api/devices/tasks/runs/12').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(view.calls('GET /api/devices/tasks/runs/12')).toHaveLength(readsWhenFinished);
  });

  it('says why a run ended without devices, and how it repeats', async () => {
    renderRun({
      'GET /api/devices/tasks/runs/12': () =>
        ok(
          taskRun({
            status: 'completed',
            counts: counts(),
            message: 'No device matches the chosen devices, tags and companies',
            recurrence: { cron: '0 3 * * *', time_zone: 'Europe/Vilnius' },
            finished_at: '2026-11-20 12:00:01',
          }),
        ),
      'GET /api/devices/tasks/groups/logs': () => listOk([]),
    });
    expect(
      await screen.findByText('No device matches the chosen devices, tags and companies'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 3 * * *')).toBeInTheDocument();
    expect(screen.getByText('0 devices')).toBeInTheDocument();
    expect(await screen.findByText('No devices in this run')).toBeInTheDocument();
  });

  it('cancels the schedule of a series from its scheduled run, after asking', async () => {
    const recurrence = { cron: '0 3 * * *', time_zone: 'Europe/Vilnius' };
    const view = renderRun({
      'GET /api/devices/tasks/runs/12': () =>
        ok(
          taskRun({
            status: 'scheduled',
            recurrence,
            series_id: 10,
            start_at: '2026-11-21 01:00:00',
            valid_until: '2026-11-22 01:00:00',
            counts: counts(),
          }),
        ),
      'GET /api/devices/tasks/groups/logs': () => listOk([]),
    });
    await screen.findByRole('heading', { name: 'Nightly check · Run #12' });
    // This run is the series' next one.
    expect(screen.getByText('Next run').nextElementSibling).toHaveTextContent(
      '2026-11-21 01:00:00',
    );
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    const prompt = await dialog('Cancel schedule');
    expect(
      prompt.getByText(
        'Cancel the schedule of Nightly check? This run and all later runs of the schedule will not start.',
      ),
    ).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText('Schedule cancelled successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, 'POST /api/devices/tasks/runs/12/cancel')).toEqual({});
  });

  it("links a started series run to the series' next run", async () => {
    const recurrence = { cron: '0 3 * * *', time_zone: 'Europe/Vilnius' };
    const view = renderRun({
      'GET /api/devices/tasks/runs/12': () => ok(taskRun({ recurrence, series_id: 10 })),
      'GET /api/devices/tasks/runs': () =>
        listOk([
          taskRun({
            id: 13,
            status: 'scheduled',
            recurrence,
            series_id: 10,
            start_at: '2026-11-21 01:00:00',
          }),
        ]),
    });
    const next = await screen.findByRole('link', { name: '2026-11-21 01:00:00 · Run #13' });
    expect(next).toHaveAttribute('href', `${TASK_MANAGER_URL}?run=13`);
    expect(queryOf(view.calls('GET /api/devices/tasks/runs')[0]?.[0])).toMatchObject({
      series_id: '10',
      status: 'scheduled',
    });
    // Cancelling a run that has started leaves its schedule running.
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
  });

  it('lets a read-only user watch the run without controls', async () => {
    renderRun({}, roleUser('read_only'));
    await screen.findByRole('heading', { name: 'Nightly check · Run #12' });
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    expect(currentLocation()).toBe(`${TASK_MANAGER_URL}?run=12`);
  });
});
