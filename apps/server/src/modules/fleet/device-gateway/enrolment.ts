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
  parseJsonPayload,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '@/db/errors';
import { createBatchQueue } from '@/lib/batch-queue';
import { hashClaimSecret, hashDeviceCredential, newDeviceCredential } from '@/lib/device-secrets';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import type { Broker, MessageMeta } from '@/plugins/broker';
import type { ConnectionLog } from './connection-log';
import type { RefusalBuffer } from './refused-identities';
import type {
  ConnectionLogEntry,
  EnrolmentCandidate,
  GatewayRepository,
} from './gateway.repository';
import { createThrottle } from './throttle';

const WINDOW_MS = 10 * 60_000;
/** Most enrolments decided with one query: a fleet provisioned together enrols together. */
const ENROL_BATCH_MAX = 500;

interface Deps {
  repository: Pick<GatewayRepository, 'enrolmentCandidates' | 'completeEnrolments' | 'insertLogs'>;
  broker: Pick<Broker, 'publish'>;
  logs: ConnectionLog;
  /** Hears identities refused for a serial registered to another device (approved devices). */
  refusals?: Pick<RefusalBuffer, 'add'> | undefined;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Hears of the device leaving pending (status 0 until it connects). */
  changes?: DeviceChangeSink | undefined;
  /** Hears the devices whose enrolment was stored (the gateway's listeners). */
  calls?: { enrolled(deviceIds: readonly number[]): void } | undefined;
}

/** MAC or IMEI, whichever identifies the device's series, as the request states it. */
const identityMatches = (device: EnrolmentCandidate, request: EnrolRequest) => {
  const field = identityOf(device.deviceSeries);
  const stated = request[field];
  return stated !== undefined && device[field] !== null && device[field] === stated;
};

const requestKey = ({ serial, claim, mac, imei }: EnrolRequest) =>
  JSON.stringify([serial, claim, mac, imei]);

interface Enrolment {
  request: EnrolRequest;
  meta: MessageMeta;
  response: EnrolResponse;
}

interface Accepted {
  enrolment: Enrolment;
  device: EnrolmentCandidate;
  password: string;
}

/**
 * `nf/enrol/req/<client id>`: a device trades serial + MAC/IMEI + the one-time claim secret for its
 * own credential. Every refusal is the same ENROL_REFUSED, so the topic says nothing about which
 * serials exist or who owns them; the reasons go to the device's connection log (code 7).
 * Requests are decided in batches: one query finds the devices of every serial asked for, one
 * UPDATE enrols the accepted ones, one INSERT logs them.
 */
export const createEnrolment = (deps: Deps) => {
  const clock = () => deps.now().getTime();
  const perClient = createThrottle({ limit: 10, windowMs: WINDOW_MS, now: clock });
  // Refusals only: a fleet enrolling from behind one NAT (or the simulator) is not slowed down.
  const refusalsPerAddress = createThrottle({ limit: 30, windowMs: WINDOW_MS, now: clock });

  /** The device a request may enrol, or null (refused; the reason is logged where it helps). */
  const choose = (
    { request, meta }: Enrolment,
    candidates: readonly EnrolmentCandidate[],
    claimed: Map<string, EnrolmentCandidate>,
    at: Date,
  ): EnrolmentCandidate | null => {
    const enrolled = claimed.get(request.serial) ?? candidates.find((c) => c.enrolled) ?? null;
    const stated = request.mac ?? request.imei;
    const sameDevice =
      enrolled !== null &&
      ((request.mac !== undefined && request.mac === enrolled.mac) ||
        (request.imei !== undefined && request.imei === enrolled.imei));
    const ip = meta.ip ?? null;
    const refused = (device: EnrolmentCandidate) =>
      deps.refusals?.add({
        deviceId: device.id,
        serial: request.serial,
        mac: request.mac ?? null,
        imei: request.imei ?? null,
        model: request.model,
        firmware: request.firmware,
        ip,
        claimSecretHash: hashClaimSecret(request.claim),
        at,
      });
    if (enrolled && !sameDevice) {
      refused(enrolled);
      deps.logs.add({
        deviceId: enrolled.id,
        code: CONNECTION_CODES.duplicateSerial,
        reason: `Enrolment with the same serial from another device (${stated ?? 'no MAC/IMEI'})`,
        ip,
        at,
      });
      return null;
    }
    const claimHash = hashClaimSecret(request.claim);
    if (enrolled) {
      // The answer never reached the device (it timed out and asks again): the same device with
      // the same claim secret gets a new credential until it has connected with one (which
      // spends the claim).
      const retry = !claimed.has(request.serial) && enrolled.claimSecretHash === claimHash;
      return retry ? enrolled : null;
    }
    const pending = candidates.find((c) => !c.enrolled && c.claimSecretHash === claimHash);
    if (!pending) return null;
    if (!identityMatches(pending, request)) {
      refused(pending);
      deps.logs.add({
        deviceId: pending.id,
        code: CONNECTION_CODES.duplicateSerial,
        reason: `Enrolment with another ${identityOf(pending.deviceSeries).toUpperCase()} (${stated ?? 'none'})`,
        ip,
        at,
      });
      return null;
    }
    return pending;
  };

  /** Device id → company of those written; one at a time when another enrolment raced the batch. */
  const complete = async (accepted: Accepted[], at: Date): Promise<ReadonlyMap<number, number>> => {
    const entries = accepted.map(({ enrolment: { request }, device, password }) => ({
      id: device.id,
      claimSecretHash: hashClaimSecret(request.claim),
      credentialHash: hashDeviceCredential(password),
      model: request.model,
      firmware: request.firmware,
      capabilities: deviceCapabilities(request.model, request.firmware),
    }));
    try {
      return await deps.repository.completeEnrolments(entries, at);
    } catch (error) {
      // The same serial enrolled meanwhile (unique index; another instance): refused alone.
      if (!isUniqueViolation(error)) throw error;
      if (entries.length === 1) return new Map<number, number>();
    }
    const written = new Map<number, number>();
    for (const entry of entries) {
      try {
        for (const [id, company] of await deps.repository.completeEnrolments([entry], at))
          written.set(id, company);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return written;
  };

  const decide = async (batch: Enrolment[]) => {
    const at = deps.now();
    const candidates = await deps.repository.enrolmentCandidates([
      ...new Set(batch.map((e) => e.request.serial)),
    ]);
    const bySerial = new Map<string, EnrolmentCandidate[]>();
    for (const candidate of candidates) {
      bySerial.set(candidate.serial, [...(bySerial.get(candidate.serial) ?? []), candidate]);
    }
    // A device that timed out and asked again while its first request still waited: the same
    // request twice is decided once, and both get the answer (the device listens on the last).
    const same = new Map<string, Enrolment>();
    for (const enrolment of batch) same.set(requestKey(enrolment.request), enrolment);
    const claimed = new Map<string, EnrolmentCandidate>();
    const accepted: Accepted[] = [];
    for (const enrolment of new Set(same.values())) {
      const device = choose(enrolment, bySerial.get(enrolment.request.serial) ?? [], claimed, at);
      if (!device) continue;
      claimed.set(enrolment.request.serial, { ...device, enrolled: true });
      accepted.push({ enrolment, device, password: newDeviceCredential() });
    }
    if (accepted.length === 0) return;
    const written = await complete(accepted, at);
    const logs: ConnectionLogEntry[] = [];
    for (const { enrolment, device, password } of accepted) {
      const companyId = written.get(device.id);
      if (companyId === undefined) continue;
      deps.changes?.add({ id: device.id, company_id: companyId, status: 0 });
      logs.push({
        deviceId: device.id,
        code: CONNECTION_CODES.enrolled,
        reason: null,
        ip: enrolment.meta.ip ?? null,
        at,
      });
      enrolment.response = {
        ok: true,
        device_id: device.id,
        username: deviceUsername(device.id),
        password,
      };
    }
    deps.calls?.enrolled(logs.map((entry) => entry.deviceId));
    // Logged before the answers: the device connects with its credential right after one.
    await deps.repository.insertLogs(logs);
    for (const enrolment of batch) {
      enrolment.response = same.get(requestKey(enrolment.request))?.response ?? ENROL_REFUSED;
    }
  };
  const queue = createBatchQueue(decide, { max: ENROL_BATCH_MAX });

  return async (clientId: string, payload: Buffer, meta: MessageMeta) => {
    let response: EnrolResponse = ENROL_REFUSED;
    const allowed =
      perClient.attempt(clientId) &&
      (meta.ip === undefined || !refusalsPerAddress.blocked(meta.ip));
    if (allowed) {
      const request = enrolRequestSchema.safeParse(parseJsonPayload(payload));
      if (request.success) {
        const enrolment: Enrolment = { request: request.data, meta, response };
        await queue.push(enrolment);
        response = enrolment.response;
      } else deps.log.debug({ clientId }, 'invalid enrolment request');
    }
    if (!response.ok && meta.ip !== undefined) refusalsPerAddress.attempt(meta.ip);
    await deps.broker.publish(topics.enrolResponse(clientId), JSON.stringify(response), {
      qos: 1,
      retain: false,
    });
  };
};
