import {
  CONNECTION_CODES,
  deviceCapabilities,
  deviceUsername,
  ENROL_REFUSED,
  type EnrolRequest,
  enrolRequestSchema,
  type EnrolResponse,
  identityOf,
  topics,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '@/db/errors';
import { hashClaimSecret, hashDeviceCredential, newDeviceCredential } from '@/lib/device-secrets';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import type { Broker, MessageMeta } from '@/plugins/broker';
import type { ConnectionLog } from './connection-log';
import type { GatewayRepository } from './gateway.repository';
import { createThrottle } from './throttle';

const WINDOW_MS = 10 * 60_000;

interface Deps {
  repository: Pick<
    GatewayRepository,
    'findEnrolledBySerial' | 'findPending' | 'completeEnrolment' | 'insertLogs'
  >;
  broker: Pick<Broker, 'publish'>;
  logs: ConnectionLog;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Hears of the device leaving pending (status 0 until it connects). */
  changes?: DeviceChangeSink | undefined;
}

/** MAC or IMEI, whichever identifies the device's series, as the request states it. */
const identityMatches = (
  device: {
    mac: string | null;
    imei: string | null;
    deviceSeries: Parameters<typeof identityOf>[0];
  },
  request: EnrolRequest,
) => {
  const field = identityOf(device.deviceSeries);
  const stated = request[field];
  return stated !== undefined && device[field] !== null && device[field] === stated;
};

/**
 * `nf/enrol/req/<client id>`: a device trades serial + MAC/IMEI + the one-time claim secret for its
 * own credential. Every refusal is the same ENROL_REFUSED, so the topic says nothing about which
 * serials exist or who owns them; the reasons go to the device's connection log (code 7).
 */
export const createEnrolment = (deps: Deps) => {
  const clock = () => deps.now().getTime();
  const perClient = createThrottle({ limit: 10, windowMs: WINDOW_MS, now: clock });
  // Refusals only: a fleet enrolling from behind one NAT (or the simulator) is not slowed down.
  const refusalsPerAddress = createThrottle({ limit: 30, windowMs: WINDOW_MS, now: clock });

  const decide = async (request: EnrolRequest, meta: MessageMeta): Promise<EnrolResponse> => {
    const at = deps.now();
    const ip = meta.ip ?? null;
    const enrolled = await deps.repository.findEnrolledBySerial(request.serial);
    const stated = request.mac ?? request.imei;
    const sameDevice =
      enrolled !== null &&
      ((request.mac !== undefined && request.mac === enrolled.mac) ||
        (request.imei !== undefined && request.imei === enrolled.imei));
    if (enrolled && !sameDevice) {
      deps.logs.add({
        deviceId: enrolled.id,
        code: CONNECTION_CODES.duplicateSerial,
        reason: `Enrolment with the same serial from another device (${stated ?? 'no MAC/IMEI'})`,
        ip,
        at,
      });
      return ENROL_REFUSED;
    }
    const pending = await deps.repository.findPending(
      request.serial,
      hashClaimSecret(request.claim),
    );
    if (!pending || enrolled) return ENROL_REFUSED;
    if (!identityMatches(pending, request)) {
      deps.logs.add({
        deviceId: pending.id,
        code: CONNECTION_CODES.duplicateSerial,
        reason: `Enrolment with another ${identityOf(pending.deviceSeries).toUpperCase()} (${stated ?? 'none'})`,
        ip,
        at,
      });
      return ENROL_REFUSED;
    }
    const password = newDeviceCredential();
    let companyId: number | null;
    try {
      companyId = await deps.repository.completeEnrolment(pending.id, {
        credentialHash: hashDeviceCredential(password),
        model: request.model,
        firmware: request.firmware,
        capabilities: deviceCapabilities(request.model, request.firmware),
        at,
      });
    } catch (error) {
      // Another device enrolled the same serial in the meantime (unique index).
      if (isUniqueViolation(error)) return ENROL_REFUSED;
      throw error;
    }
    if (companyId === null) return ENROL_REFUSED;
    deps.changes?.add({ id: pending.id, company_id: companyId, status: 0 });
    // Logged at once: the device connects with its credential right after this answer.
    await deps.repository.insertLogs([
      { deviceId: pending.id, code: CONNECTION_CODES.enrolled, reason: null, ip, at },
    ]);
    return {
      ok: true,
      device_id: pending.id,
      username: deviceUsername(pending.id),
      password,
    };
  };

  return async (clientId: string, payload: Buffer, meta: MessageMeta) => {
    let response: EnrolResponse = ENROL_REFUSED;
    const allowed =
      perClient.attempt(clientId) &&
      (meta.ip === undefined || !refusalsPerAddress.blocked(meta.ip));
    if (allowed) {
      const request = enrolRequestSchema.safeParse(parseJson(payload));
      if (request.success) response = await decide(request.data, meta);
      else deps.log.debug({ clientId }, 'invalid enrolment request');
    }
    if (!response.ok && meta.ip !== undefined) refusalsPerAddress.attempt(meta.ip);
    await deps.broker.publish(topics.enrolResponse(clientId), JSON.stringify(response), {
      qos: 1,
      retain: false,
    });
  };
};

export const parseJson = (payload: Buffer): unknown => {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
};
