import { describe, expect, it } from 'vitest';
import {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  TELEMETRY_CATEGORIES,
  ackMessageSchema,
  commandMessageSchema,
  configMessageSchema,
  deviceUsername,
  enrolRequestSchema,
  enrolResponseSchema,
  firmwareStringSchema,
  helloSchema,
  macSchema,
  mayDevicePublish,
  mayDeviceSubscribe,
  parseDeviceUsername,
  parseTopic,
  reconnectDelay,
  topics,
} from './device-protocol.ts';
import { dynamicTelemetrySchema } from './device-telemetry.ts';

describe('topics', () => {
  it('parses every device topic and round-trips the builders', () => {
    expect(parseTopic(topics.enrolRequest('enrol-abcdef12'))).toEqual({
      kind: 'enrol',
      clientId: 'enrol-abcdef12',
    });
    expect(parseTopic(topics.state(42))).toEqual({ kind: 'state', deviceId: 42 });
    expect(parseTopic(topics.hello(42))).toEqual({ kind: 'hello', deviceId: 42 });
    expect(parseTopic(topics.ack(42))).toEqual({ kind: 'ack', deviceId: 42 });
    expect(parseTopic(topics.config(42))).toEqual({ kind: 'config', deviceId: 42 });
    expect(parseTopic(topics.command(42))).toEqual({ kind: 'command', deviceId: 42 });
    for (const category of TELEMETRY_CATEGORIES) {
      expect(parseTopic(topics.telemetry(7, category))).toEqual({
        kind: 'telemetry',
        deviceId: 7,
        category,
      });
    }
  });

  it.each([
    'nf/d/0/state',
    'nf/d/01/state',
    'nf/d/12345678901/state',
    'nf/d/1/unknown',
    'nf/d/1/tm/nope',
    'nf/d/1/tm/gps/extra',
    'nf/d/+/state',
    'nf/enrol/req/short',
    'nf/enrol/req/has+plus123',
    'nf/enrol/res/enrol-abcdef12',
    'other/d/1/state',
    '',
  ])('rejects %j', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });

  it('lets a device publish and subscribe only on its own topics', () => {
    expect(mayDevicePublish(5, topics.state(5))).toBe(true);
    expect(mayDevicePublish(5, topics.telemetry(5, 'gps'))).toBe(true);
    expect(mayDevicePublish(5, topics.ack(5))).toBe(true);
    expect(mayDevicePublish(5, topics.state(6))).toBe(false);
    expect(mayDevicePublish(5, topics.command(5))).toBe(false);
    expect(mayDevicePublish(5, topics.config(5))).toBe(false);
    expect(mayDevicePublish(5, topics.enrolRequest('enrol-abcdef12'))).toBe(false);
    expect(mayDeviceSubscribe(5, topics.command(5))).toBe(true);
    expect(mayDeviceSubscribe(5, topics.config(5))).toBe(true);
    expect(mayDeviceSubscribe(5, 'nf/d/+/cmd')).toBe(false);
    expect(mayDeviceSubscribe(5, 'nf/#')).toBe(false);
    expect(mayDeviceSubscribe(5, topics.command(6))).toBe(false);
  });

  it('maps device usernames both ways', () => {
    expect(parseDeviceUsername(deviceUsername(123))).toBe(123);
    for (const bad of ['d0', 'd01', 'x1', 'd1a', '', undefined, 'd12345678901']) {
      expect(parseDeviceUsername(bad)).toBeNull();
    }
  });
});

const enrolRequest = {
  v: 1,
  serial: '1100000001',
  mac: '00-1e-42-ab-cd-ef',
  claim: 'ABCDEFGHJKMNPQRSTVWXYZ23',
  model: 'rutx11',
  firmware: 'RUTX_R_00.07.06.1',
};

describe('payload schemas', () => {
  it('accepts an enrolment request and normalises MAC and model', () => {
    const parsed = enrolRequestSchema.parse(enrolRequest);
    expect(parsed.mac).toBe('00:1E:42:AB:CD:EF');
    expect(parsed.model).toBe('RUTX11');
  });

  it.each([
    ['a wrong version', { v: 2 }],
    ['a short serial', { serial: '123' }],
    ['a bad MAC', { mac: '00:1E:42:AB:CD' }],
    ['a bad IMEI', { imei: '12345' }],
    ['a short claim', { claim: 'abc' }],
    ['markup in the firmware', { firmware: 'RUTX_R_<script>' }],
    ['quotes in the firmware', { firmware: 'RUTX"R' }],
    ['non-ASCII in the firmware', { firmware: 'RUTX_R_00.07\u0000' }],
    ['a model with spaces', { model: 'RUT X' }],
  ])('rejects an enrolment with %s', (_name, patch) => {
    expect(enrolRequestSchema.safeParse({ ...enrolRequest, ...patch }).success).toBe(false);
  });

  it('keeps markup out of firmware strings everywhere', () => {
    expect(firmwareStringSchema.safeParse('<img src=x onerror=alert(1)>').success).toBe(false);
    expect(
      helloSchema.safeParse({
        v: 1,
        model: 'RUT950',
        firmware: 'a>b',
        agent: 'x',
        serial: '1100000001',
      }).success,
    ).toBe(false);
    expect(
      helloSchema.safeParse({
        v: 1,
        model: 'RUT950',
        firmware: 'RUT9_R_00.07.06',
        agent: 'x',
        serial: '1100000001',
      }).success,
    ).toBe(true);
  });

  it('enrolment answers carry a credential or say nothing about why', () => {
    expect(
      enrolResponseSchema.safeParse({ ok: true, device_id: 1, username: 'd1', password: 'p' })
        .success,
    ).toBe(true);
    expect(enrolResponseSchema.safeParse({ ok: false, error: 'enrolment refused' }).success).toBe(
      true,
    );
    expect(
      enrolResponseSchema.safeParse({ ok: false, error: 'serial belongs to another company' })
        .success,
    ).toBe(false);
  });

  it('validates config periods, commands and acks', () => {
    expect(configMessageSchema.safeParse({ periods: { dynamic: 60, gps: 0 } }).success).toBe(true);
    expect(configMessageSchema.safeParse({ periods: { dynamic: -1 } }).success).toBe(false);
    expect(configMessageSchema.safeParse({ periods: { unknown: 60 } }).success).toBe(false);
    const command = { id: 1, type: 'reboot', expires_at: Date.now() };
    expect(commandMessageSchema.parse(command).args).toEqual({});
    expect(commandMessageSchema.safeParse({ ...command, type: 'format_disk' }).success).toBe(false);
    expect(commandMessageSchema.safeParse({ ...command, id: 0 }).success).toBe(false);
    expect(
      ackMessageSchema.safeParse({ id: 1, status: 'progress', progress: { value: 5, total: 10 } })
        .success,
    ).toBe(true);
    expect(ackMessageSchema.safeParse({ id: 1, status: 'done' }).success).toBe(false);
    expect(
      ackMessageSchema.safeParse({ id: 1, status: 'completed', result: 'x'.repeat(16 * 1024 + 1) })
        .success,
    ).toBe(false);
  });

  it('bounds dynamic telemetry values', () => {
    const reading = { uptime: 10, temperature: 420, wan_state: 'mobile', modems: [] };
    expect(dynamicTelemetrySchema.safeParse(reading).success).toBe(true);
    expect(dynamicTelemetrySchema.safeParse({ ...reading, temperature: 2000 }).success).toBe(false);
    expect(dynamicTelemetrySchema.safeParse({ ...reading, uptime: -1 }).success).toBe(false);
    expect(dynamicTelemetrySchema.safeParse({ ...reading, wan_ip: 'not-an-ip' }).success).toBe(
      false,
    );
  });

  it('normalises MACs', () => {
    expect(macSchema.parse('aa-bb-cc-dd-ee-ff')).toBe('AA:BB:CC:DD:EE:FF');
  });
});

describe('reconnectDelay', () => {
  it('stays between half and all of the capped exponential ceiling', () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
      expect(reconnectDelay(attempt, () => 0)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, () => 0.999999)).toBeLessThanOrEqual(ceiling);
      expect(reconnectDelay(attempt, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(reconnectDelay(-3, () => 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(100, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('spreads a fleet: jitter gives different delays for the same attempt', () => {
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelay(5)));
    expect(delays.size).toBeGreaterThan(10);
  });
});
