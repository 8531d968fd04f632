import { describe, expect, it } from 'vitest';
import type { RunStep } from '@/db/schema';
import { afterStep, jobOfStep } from './task-steps';

const step = (values: Partial<RunStep> = {}): RunStep => ({
  taskId: 1,
  action: 'command',
  name: 'Step',
  data: { command: 'uptime' },
  timeout: 30,
  stopOnFailure: true,
  retries: 0,
  ...values,
});
const at = new Date('2026-11-29T10:00:00Z');
const window = { now: at, validUntil: new Date('2026-11-30T10:00:00Z') };
const first = { id: 7, stepIndex: 0, attempt: 1, stepsDone: 0, anyFailed: false };

describe('afterStep', () => {
  it('goes on to the next step, then completes', () => {
    const steps = [step(), step()];
    const next = afterStep(first, steps, 'completed', null, window);
    expect(next.move).toMatchObject({
      state: 'pending',
      stepIndex: 1,
      stepsDone: 1,
      finished: false,
    });
    const last = afterStep(
      { ...first, stepIndex: 1, stepsDone: 1 },
      steps,
      'completed',
      null,
      window,
    );
    expect(last.move).toMatchObject({ state: 'completed', stepsDone: 2, finished: true });
  });

  it('retries with a doubling back-off while the window lasts', () => {
    const steps = [step({ retries: 2 })];
    const retry = afterStep({ ...first, attempt: 2 }, steps, 'failed', 'Exit code 1', window);
    expect(retry.move).toMatchObject({ state: 'pending', attempt: 3, stepIndex: 0 });
    expect(retry.move.notBefore?.getTime()).toBe(at.getTime() + 60_000);
    const spent = afterStep({ ...first, attempt: 3 }, steps, 'failed', 'Exit code 1', window);
    expect(spent.move).toMatchObject({ state: 'failed', finished: true });
    const closing = { now: at, validUntil: new Date(at.getTime() + 10_000) };
    expect(afterStep(first, [step({ retries: 1 })], 'failed', null, closing).move.state).toBe(
      'failed',
    );
  });

  it('goes on after a failure when the step does not stop, and ends failed', () => {
    const steps = [step({ stopOnFailure: false }), step()];
    const next = afterStep(first, steps, 'failed', 'no', window);
    expect(next.move).toMatchObject({ state: 'pending', stepIndex: 1, anyFailed: true });
    const end = afterStep({ ...next.move, stepIndex: 1 }, steps, 'completed', null, window);
    expect(end.move.state).toBe('failed');
  });

  it('marks a timed-out job expired and a cancelled one cancelled', () => {
    expect(afterStep(first, [step()], 'timeout', null, window)).toMatchObject({
      status: 'expired',
      move: { state: 'expired', finished: true },
    });
    expect(afterStep(first, [step()], 'cancelled', null, window).move.state).toBe('cancelled');
  });
});

describe('jobOfStep', () => {
  const links = {
    firmware: () => ({ url: 'http://x/f' }),
    backup: () => ({ upload_url: 'http://x/u' }),
    deviceFile: (_deviceId: number, path: string) => ({ path, upload_url: 'http://x/d' }),
  };
  const device = { id: 1, model: 'RUT955', firmware: 'RUT9_R_00.07.06.1' };
  it('turns steps into device jobs, and fails a step whose file is gone', () => {
    expect(jobOfStep(step(), device, window.validUntil, links)).toEqual({
      kind: 'job',
      type: 'command',
      args: { command: 'uptime', timeout: 30, acceptable_codes: [0] },
    });
    const file = { id: 3, name: 'fw.bin', size: 10, sha256: 'a'.repeat(64), device_model: null };
    expect(
      jobOfStep(step({ action: 'firmware_update', file }), device, window.validUntil, links),
    ).toMatchObject({
      kind: 'job',
      type: 'firmware_update',
      args: { url: 'http://x/f', keep_settings: true },
    });
    // upload_file writes a file to the device (into a directory: under the file's name).
    const put = (target_path: string) =>
      jobOfStep(
        step({ action: 'upload_file', file, data: { file_id: 3, target_path } }),
        device,
        window.validUntil,
        links,
      );
    expect(put('/etc/custom.conf')).toMatchObject({
      kind: 'job',
      type: 'file_put',
      args: { url: 'http://x/f', path: '/etc/custom.conf' },
    });
    expect(put('/tmp/')).toMatchObject({ args: { path: '/tmp/fw.bin' } });
    expect(
      jobOfStep(step({ action: 'upload_file', data: {} }), device, window.validUntil, links).kind,
    ).toBe('unsupported');
    expect(
      jobOfStep(
        step({ action: 'download_file', data: { file: '/etc/config/network' } }),
        device,
        window.validUntil,
        links,
      ),
    ).toEqual({
      kind: 'job',
      type: 'file_get',
      args: { path: '/etc/config/network', upload_url: 'http://x/d' },
    });
    const password = (data: RunStep['data']) =>
      jobOfStep(step({ action: 'password_change', data }), device, window.validUntil, links);
    expect(password({})).toEqual({ kind: 'password', length: 16, special: false });
    expect(password({ password_length: 24, password_special: true })).toEqual({
      kind: 'password',
      length: 24,
      special: true,
    });
  });

  it('exports a backup to its upload link and restores one from its download link', () => {
    expect(jobOfStep(step({ action: 'backup_export' }), device, window.validUntil, links)).toEqual({
      kind: 'job',
      type: 'backup_export',
      args: { upload_url: 'http://x/u' },
    });
    const file = { id: 5, name: 'b.tar.gz', size: 10, sha256: 'c'.repeat(64), device_model: null };
    expect(
      jobOfStep(step({ action: 'backup_restore', file }), device, window.validUntil, links),
    ).toEqual({ kind: 'job', type: 'backup_restore', args: { url: 'http://x/f' } });
    expect(
      jobOfStep(step({ action: 'backup_restore' }), device, window.validUntil, links).kind,
    ).toBe('unsupported');
  });

  it('applies a configuration template only on devices in its model and firmware range', () => {
    const requests = [
      {
        path: '/system/system',
        method: 'put' as const,
        content_type: 'application/json',
        request_data: { hostname: 'edge' },
      },
    ];
    const template = {
      id: 4,
      name: 'Edge',
      requests,
      device_model: 'RUT9',
      min_firmware: '07.04',
      max_firmware: null,
    };
    const apply = (over: Partial<typeof device>) =>
      jobOfStep(
        step({ action: 'config_apply', template }),
        { ...device, ...over },
        window.validUntil,
        links,
      );
    expect(apply({})).toEqual({ kind: 'job', type: 'config_set', args: { requests } });
    expect(apply({ firmware: 'RUT9_R_00.07.02' })).toEqual({
      kind: 'unsupported',
      message: 'The device runs RUT9_R_00.07.02; the template needs 07.04 or later',
    });
    expect(apply({ model: 'TRB140' })).toMatchObject({
      kind: 'unsupported',
      message: 'The template is for RUT9, not TRB140',
    });
    expect(
      jobOfStep(step({ action: 'config_apply' }), device, window.validUntil, links),
    ).toMatchObject({
      kind: 'unsupported',
    });
  });
});
