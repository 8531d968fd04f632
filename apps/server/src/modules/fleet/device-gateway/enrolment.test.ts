import { ENROL_REFUSED, PROTOCOL_VERSION } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashClaimSecret } from '@/lib/device-secrets';
import { createConnectionLog } from './connection-log';
import { createEnrolment } from './enrolment';
import type { EnrolmentCandidate } from './gateway.repository';

const CLAIM = 'ABCDEFGHJKMNPQRS';
const pending: EnrolmentCandidate = {
  id: 42,
  serial: '1100000001',
  mac: '00:1E:42:AB:CD:EF',
  imei: null,
  deviceSeries: 'rut',
  enrolled: false,
  claimSecretHash: hashClaimSecret(CLAIM),
};

const request = (claim = CLAIM) =>
  Buffer.from(
    JSON.stringify({
      v: PROTOCOL_VERSION,
      serial: pending.serial,
      mac: pending.mac,
      claim,
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.06.1',
    }),
  );

describe('enrolment batches', () => {
  it('decides the same request asked twice in one batch once, and answers both', async () => {
    const answers = new Map<string, unknown>();
    const written: number[][] = [];
    const enrol = createEnrolment({
      repository: {
        enrolmentCandidates: () => Promise.resolve([pending]),
        completeEnrolments: (entries) => {
          written.push(entries.map((entry) => entry.id));
          return Promise.resolve(new Map(entries.map((entry) => [entry.id, 1])));
        },
        insertLogs: () => Promise.resolve(),
      },
      broker: {
        publish: (topic, payload) => {
          answers.set(topic, JSON.parse(String(payload)));
          return Promise.resolve();
        },
      },
      logs: createConnectionLog(),
      log: { debug: () => undefined } as unknown as FastifyBaseLogger,
      now: () => new Date(),
    });
    const meta = { ip: '10.0.0.1' };
    // Pushed in the same turn of the event loop: one batch.
    await Promise.all([
      enrol('enrol-first-attempt', request(), meta),
      enrol('enrol-second-attempt', request(), meta),
      enrol('enrol-wrong-claim', request('WRONGWRONGWRONG1'), meta),
    ]);
    expect(written).toEqual([[42]]);
    const first = answers.get('nf/enrol/res/enrol-first-attempt');
    expect(first).toMatchObject({ ok: true, device_id: 42, username: 'd42' });
    expect(answers.get('nf/enrol/res/enrol-second-attempt')).toEqual(first);
    expect(answers.get('nf/enrol/res/enrol-wrong-claim')).toEqual(ENROL_REFUSED);
  });
});
