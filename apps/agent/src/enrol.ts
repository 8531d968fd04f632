import { randomBytes } from 'node:crypto';
import { connect } from 'mqtt';
import {
  ENROL_USERNAME,
  PROTOCOL_VERSION,
  enrolResponseSchema,
  topics,
  type EnrolRequest,
} from '@netfleet/contracts';
import type { Credential, DeviceIdentity } from './types.ts';

export const ENROL_TIMEOUT_MS = 15_000;

/** The server answered "enrolment refused": a wrong claim secret or an unknown serial. */
export class EnrolRefusedError extends Error {
  constructor() {
    super('enrolment refused (wrong claim secret, or the serial/MAC/IMEI is not registered)');
  }
}

/** No answer within the enrolment's time limit (a busy or unreachable server). */
export class EnrolTimeoutError extends Error {
  constructor() {
    super('enrolment timed out');
  }
}

/** A fresh enrolment client id: the reply address, so it must be unguessable. */
export const enrolClientId = () => `enrol-${randomBytes(12).toString('hex')}`;

export interface EnrolOptions {
  mqttUrl: string;
  identity: DeviceIdentity;
  claim: string;
  timeoutMs?: number;
  /** Gives up at once (the simulator stopping). */
  signal?: AbortSignal;
}

/**
 * Trades the claim secret for a per-device credential: connect as `enrol`, listen on the reply
 * topic of a random client id, publish the request and wait for the answer.
 */
export const enrol = (options: EnrolOptions): Promise<Credential> => {
  const clientId = enrolClientId();
  const { identity } = options;
  const request: EnrolRequest = {
    v: PROTOCOL_VERSION,
    serial: identity.serial,
    ...(identity.mac ? { mac: identity.mac } : {}),
    ...(identity.imei ? { imei: identity.imei } : {}),
    claim: options.claim,
    model: identity.model,
    firmware: identity.firmware,
  };
  const timeoutMs = options.timeoutMs ?? ENROL_TIMEOUT_MS;
  const client = connect(options.mqttUrl, {
    clientId,
    username: ENROL_USERNAME,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 0,
    // Later than the timer below, so that a missing CONNACK is reported as a time-out too.
    connectTimeout: timeoutMs + 1000,
  });
  return new Promise<Credential>((resolve, reject) => {
    let settled = false;
    const abort = () => finish(new Error('enrolment stopped'));
    const finish = (error: Error | null, credential?: Credential) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      client.end(true);
      if (error) reject(error);
      else resolve(credential as Credential);
    };
    const timer = setTimeout(() => finish(new EnrolTimeoutError()), timeoutMs);
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    client.on('error', (error) => finish(error));
    client.on('close', () => finish(new Error('enrolment connection closed')));
    client.on('message', (_topic, payload) => {
      let parsed: ReturnType<typeof enrolResponseSchema.safeParse>;
      try {
        parsed = enrolResponseSchema.safeParse(JSON.parse(payload.toString('utf8')));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (!parsed.data.ok) return finish(new EnrolRefusedError());
      const { device_id, username, password } = parsed.data;
      finish(null, { device_id, username, password });
    });
    client.on('connect', () => {
      client.subscribe(topics.enrolResponse(clientId), { qos: 1 }, (error) => {
        if (error) return finish(error);
        client.publish(topics.enrolRequest(clientId), JSON.stringify(request), { qos: 1 });
      });
    });
  });
};
