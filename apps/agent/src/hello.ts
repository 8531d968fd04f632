import { PROTOCOL_VERSION, type Hello } from '@netfleet/contracts';
import type { DeviceBehaviour } from './types.ts';

/**
 * What a device says on every connect: who it is now (a firmware update or a restore may have
 * changed it) and the jobs it finished, so the server can close them if their results were lost.
 */
export const helloOf = (
  behaviour: Pick<DeviceBehaviour, 'identity' | 'uptime' | 'hubHost'>,
  agent: string,
  doneJobs: number[],
): Hello => {
  const identity = behaviour.identity();
  const hub = behaviour.hubHost?.();
  return {
    v: PROTOCOL_VERSION,
    model: identity.model,
    firmware: identity.firmware,
    agent,
    serial: identity.serial,
    ...(identity.mac ? { mac: identity.mac } : {}),
    ...(identity.imei ? { imei: identity.imei } : {}),
    uptime: Math.floor(behaviour.uptime()),
    done_jobs: doneJobs,
    ...(hub ? { hub } : {}),
  };
};
