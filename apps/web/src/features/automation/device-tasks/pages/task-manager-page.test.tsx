import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, ok, type MockHandler } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import {
  counts,
  currentLocation,
  dialog,
  listOk,
  renderWithSession,
  TASK_MANAGER_URL,
  taskGroup,
  taskGroupDetail,
  taskRun,
} from '../test-utils';
import { TaskManagerPage } from './task-manager-page';

const running = taskGroup({
  last_run: taskRun({
    counts: counts({ completed: 5, failed: 1, expired: 1, running: 2, pending: 1 }),
  }),
});
const neverRun = taskGroup({ id: 5, name: 'Firmware rollout', task_count: 1, last_run: null });

const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

function renderPage(
  api: Record<string, MockHandler> = {},
  { url = TASK_MANAGER_URL, user = roleUser('admin') } = {},
) {
  return renderWithSession(<TaskManagerPage />, {
    url,
    path: TASK_MANAGER_URL,
    user,
    api: {
      'GET /api/devices/tasks/groups': () => listOk([running, neverRun]),
      'GET /api/companies': () => listOk([{ id: 3, name: 'Acme' }]),
      ...api,
    },
  });
}

const rowOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

describe('TaskManagerPage: task groups', { timeout: 30_000 }, () => {
  it("lists the groups with their last run's status, counts and start", async () => {
    const view = renderPage();
    await screen.findByRole('link', { name: 'Nightly check' });
    const nightly = rowOf('Nightly check');
    expect(nightly.getByText('Acme')).toBeInTheDocument();
    expect(nightly.getByText('2')).toBeInTheDocument();
    expect(nightly.getByText('Running')).toBeInTheDocument();
    for (const badge of ['5 done', '1 failed', '1 expired', '2 running', '1 pending']) {
      expect(nightly.getByText(badge)).toBeInTheDocument();
    }
    expect(nightly.queryByText(/cancelled/)).toBeNull();
    expect(nightly.getByText('2026-11-20 12:00:00')).toBeInTheDocument();
    expect(rowOf('Firmware rollout').getByText('Never run')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/devices/tasks/groups')[0]?.[0])).toEqual({
      limit: '25',
      offset: '0',
      sort: 'name',
    });
  });

  it('reads the counts again every 2 s while a run is going', async () => {
    let answer = 0;
    renderPage({
      'GET /api/devices/tasks/groups': () => {
        answer += 1;
        const done = answer === 1 ? 5 : 9;
        return listOk([
          taskGroup({
            last_run: taskRun({
              status: answer === 1 ? 'running' : 'completed',
              counts: counts({ completed: done, running: 10 - done }),
            }),
          }),
        ]);
      },
    });
    expect(await screen.findByText('5 done')).toBeInTheDocument();
    expect(await screen.findByText('9 done', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('offers the first group when there is none, and opens its editor', async () => {
    const view = renderPage({ 'GET /api/devices/tasks/groups': () => listOk([]) });
    expect(await screen.findByText('No task groups yet')).toBeInTheDocument();
    const create = screen.getAllByRole('button', { name: 'New task group' });
    // The page's button and the empty state's call to action.
    expect(create).toHaveLength(2);
    await view.user.click(create[1] as HTMLElement);
    expect(await dialog('New task group')).toBeTruthy();
  });

  it('shows no write actions to a read-only user', async () => {
    const view = renderPage({}, { user: roleUser('read_only') });
    await screen.findByRole('link', { name: 'Nightly check' });
    expect(screen.queryByRole('button', { name: 'New task group' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Actions for Nightly check' }));
    expect(await screen.findByRole('menuitem', { name: 'View runs' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Run' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it("deletes a group only after the prompt, and shows the server's refusal", async () => {
    const view = renderPage({
      'DELETE /api/devices/tasks/groups/4': () =>
        errorResponse(409, 'CONFLICT', 'The task group has a run that has not finished'),
      'DELETE /api/devices/tasks/groups/5': () => ok(),
    });
    await screen.findByRole('link', { name: 'Nightly check' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Nightly check' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const prompt = await dialog('Delete task group');
    expect(prompt.getByText('Delete task group Nightly check?')).toBeInTheDocument();
    await view.user.click(prompt.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The task group has a run that has not finished'),
    ).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Actions for Firmware rollout' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await view.user.click(
      (await dialog('Delete task group')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Task group removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/devices/tasks/groups/5')).toHaveLength(1);
  });

  it("goes from a group to its runs, and from a run to the run's view", async () => {
    const view = renderPage({
      'GET /api/devices/tasks/groups/4': () => ok(taskGroupDetail()),
      'GET /api/devices/tasks/runs': () =>
        listOk([
          taskRun({ id: 12, status: 'completed', counts: counts({ completed: 2 }) }),
          taskRun({ id: 9, status: 'cancelled', counts: counts({ cancelled: 3 }) }),
        ]),
      'GET /api/devices/tasks/runs/12': () => ok(taskRun({ status: 'completed' })),
      'GET /api/devices/tasks/groups/logs': () => listOk([]),
    });
    await screen.findByRole('link', { name: 'Nightly check' });
    await view.user.click(screen.getByRole('button', { name: 'Actions for Nightly check' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'View runs' }));
    expect(currentLocation()).toBe(`${TASK_MANAGER_URL}?group=4`);
    expect(await screen.findByRole('heading', { name: 'Runs of Nightly check' })).toBeVisible();
    const runs = await screen.findByRole('table', { name: 'Runs' });
    await within(runs).findByText('Run #9');
    expect(within(runs).getByText('3 cancelled')).toBeInTheDocument();
    expect(queryOf(view.calls('GET /api/devices/tasks/runs').at(-1)?.[0])).toMatchObject({
      group_id: '4',
    });

    await view.user.click(within(runs).getByText('2 done'));
    expect(currentLocation()).toBe(`${TASK_MANAGER_URL}?run=12`);
    expect(await screen.findByRole('heading', { name: 'Nightly check · Run #12' })).toBeVisible();
  });
});
