import type { AutomationEvent, TelemetryCategory } from '@netfleet/contracts';
import type { TaskEnded } from '@/modules/automation/device-tasks/task-engine';
import type { MovedJob } from '@/modules/fleet/device-jobs/job-moves.repository';
import type { DeviceIdentity } from '@/modules/fleet/device-gateway/gateway.port';
import type { ParameterValue } from '@/modules/automation/automations/engine/rule-types';

/** The runtime's door for events: one event of a device, with what happened in words. */
export type ObserveEvent = (
  deviceId: number,
  event: AutomationEvent,
  text: string,
  at: Date,
) => void;

const FAILED = new Set(['failed', 'timeout']);
const since = (message: string | null) => (message ? `: ${message}` : '');

/** The server-side sources of events (design §4.2), worded for the log and the message. */
export const createEventSources = (observe: ObserveEvent, now: () => Date) => ({
  /** A hello announced other firmware; a first hello (nothing known before) is no change. */
  identityChanged(deviceId: number, before: DeviceIdentity, after: DeviceIdentity) {
    if (before.firmware === null || before.firmware === after.firmware) return;
    observe(deviceId, 'firmware_changed', `${before.firmware} → ${after.firmware}`, now());
  },
  enrolled(deviceIds: readonly number[]) {
    const at = now();
    for (const deviceId of deviceIds) observe(deviceId, 'device_added', 'enrolled', at);
  },
  /** Devices whose task run ended failed or timed out. */
  taskEnded(ended: readonly TaskEnded[]) {
    const at = now();
    for (const { deviceId, runId, state, message } of ended)
      if (FAILED.has(state))
        observe(deviceId, 'task_failed', `task run ${runId} ${state}${since(message)}`, at);
  },
  /** Firmware update jobs that failed or timed out (acks and the sweeper). */
  jobsMoved(jobs: readonly MovedJob[]) {
    const at = now();
    for (const job of jobs)
      if (job.type === 'firmware_update' && FAILED.has(job.status))
        observe(
          job.deviceId,
          'firmware_update_failed',
          `firmware update job ${job.id} ${job.status}${since(job.message)}`,
          at,
        );
  },
});
export type EventSources = ReturnType<typeof createEventSources>;

const SLOT_NAMES: Record<number, string> = { 1: '1', 2: '2', 3: 'eSIM' };
const slotName = (slot: ParameterValue) => SLOT_NAMES[Number(slot)] ?? String(slot);

/**
 * SIM changed. The device protocol carries it two ways, and both count: the dynamic reading's
 * active slot per modem (`modems[].sim`, the `sim_slot`/`sim_slot_2` values: a switch to the other
 * SIM), and the static reading's `sims[]` ICCID per slot (a card swapped in a slot). The hello
 * carries neither. The first value seen after a start is a baseline, not a change.
 */
export const createSimWatch = () => {
  const last = new Map<string, string | number>();
  const compare = (key: string, value: string | number) => {
    const before = last.get(key);
    last.set(key, value);
    return before !== undefined && before !== value ? before : undefined;
  };
  return {
    /** What changed in the reading, in words, or null. */
    changed(
      deviceId: number,
      category: TelemetryCategory,
      data: unknown,
      values: Readonly<Record<string, ParameterValue>>,
    ): string | null {
      if (category === 'dynamic')
        for (const suffix of ['', '_2']) {
          const slot = values[`sim_slot${suffix}`];
          if (slot === undefined) continue;
          const before = compare(`${deviceId}:slot${suffix}`, slot);
          if (before !== undefined)
            return `SIM slot ${slotName(before)} → ${slotName(slot)}${suffix ? ' (modem 2)' : ''}`;
        }
      if (category !== 'static') return null;
      const sims = (data as { sims?: { slot: number | string; iccid: string | null }[] }).sims;
      for (const sim of sims ?? []) {
        if (sim.iccid === null) continue;
        const before = compare(`${deviceId}:iccid:${sim.slot}`, sim.iccid);
        if (before !== undefined) return `SIM in slot ${sim.slot}: ICCID ${before} → ${sim.iccid}`;
      }
      return null;
    },
  };
};
