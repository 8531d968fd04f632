import type { AutomationEvent, TelemetryCategory } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { LivenessChange } from '@/modules/fleet/device-gateway/gateway.port';

const FLUSH_MS = 50;

/** One input of the evaluation, as it travels between instances (times in ms). */
export type AutomationInput =
  | { k: 'r'; d: number; c: TelemetryCategory; x: unknown; t: number }
  | { k: 'l'; d: number; s: 0 | 1; t: number }
  | { k: 'e'; d: number; e: AutomationEvent; x: string; t: number };

/** The runtime's inputs (automation-runtime.ts). */
export interface RuntimeInputs {
  reading(deviceId: number, category: TelemetryCategory, data: unknown, at: Date): void;
  event(deviceId: number, key: AutomationEvent, text: string, at: Date): void;
  liveness(rows: readonly LivenessChange[]): void;
}

export interface InputRouterDeps {
  local: RuntimeInputs;
  owns(deviceId: number): boolean;
  ownerOf(deviceId: number): string | null;
  /** Sends a batch to another instance (Redis pub/sub). */
  send(owner: string, batch: AutomationInput[]): Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Each device's inputs go to the instance owning its partition (design §4.5): MQTT shared
 * subscriptions hand a device's messages to any instance, but its rules keep state (delays,
 * open alerts), so one instance evaluates them. Inputs for others are batched every 50 ms per
 * owner. One without an owner (a handover in progress) is dropped and counted: rule state follows
 * the readings, so the next reading repairs it.
 */
export const createInputRouter = (deps: InputRouterDeps) => {
  const { local } = deps;
  const outgoing = new Map<string, AutomationInput[]>();
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;
  let forwarded = 0;

  const apply = (input: AutomationInput) => {
    if (input.k === 'r') local.reading(input.d, input.c, input.x, new Date(input.t));
    else if (input.k === 'e') local.event(input.d, input.e, input.x, new Date(input.t));
    else local.liveness([{ deviceId: input.d, status: input.s, at: new Date(input.t) }]);
  };

  const flush = () => {
    timer = undefined;
    for (const [owner, batch] of outgoing) {
      forwarded += batch.length;
      deps.send(owner, batch).catch((error: unknown) => {
        dropped += batch.length;
        deps.log.warn(
          { err: error, owner, inputs: batch.length },
          'automation inputs not forwarded',
        );
      });
    }
    outgoing.clear();
  };

  /** `received`: it came from another instance; one that reached a former owner is dropped. */
  const route = (input: AutomationInput, received = false) => {
    if (deps.owns(input.d)) return apply(input);
    const owner = received ? null : deps.ownerOf(input.d);
    if (owner === null) {
      dropped += 1;
      return;
    }
    const batch = outgoing.get(owner);
    if (batch) batch.push(input);
    else outgoing.set(owner, [input]);
    timer ??= setTimeout(flush, FLUSH_MS);
  };

  return {
    inputs: {
      reading: (deviceId, category, data, at) =>
        route({ k: 'r', d: deviceId, c: category, x: data, t: at.getTime() }),
      event: (deviceId, key, text, at) =>
        route({ k: 'e', d: deviceId, e: key, x: text, t: at.getTime() }),
      liveness: (rows) => {
        for (const row of rows)
          route({ k: 'l', d: row.deviceId, s: row.status, t: row.at.getTime() });
      },
    } satisfies RuntimeInputs,
    /** A batch another instance forwarded here. */
    received(batch: readonly AutomationInput[]) {
      for (const input of batch) route(input, true);
    },
    counts: () => ({ dropped, forwarded }),
    close() {
      clearTimeout(timer);
      flush();
    },
  };
};

export type InputRouter = ReturnType<typeof createInputRouter>;
