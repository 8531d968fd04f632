import type { ConditionsBody } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Transition } from '@/modules/automation/automations/engine/rule-types';
import { createAutomationRuntime } from './automation-runtime';
import { partitionOf } from './cluster/partition-leases';
import type { RuleRow } from './runtime.repository';

const log = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

const ruleRow = (id: number, expression: ConditionsBody[number]['expression']): RuleRow => ({
  id,
  enabled: true,
  companyId: 1,
  userId: 1,
  name: `Rule ${id}`,
  conditionsBody: [{ type: 'if', expression, actions: [] }],
  conditionsBodyVersion: 1,
  delayEnabled: false,
  delayDuration: 0,
  delayRepetitionsCount: 0,
  cooldownEnabled: false,
  cooldownDuration: 0,
  renotifyInterval: 0,
  periodTriggerLimit: null,
  updatedAt: new Date(),
});
const weakSignal = ruleRow(1, [
  { parameter: 'signal', operator: '<', value: -110, joins_with: undefined },
]);
const offline = ruleRow(2, [
  { parameter: 'status', operator: '==', value: 0, joins_with: undefined },
]);

/** A repository over fixed rows that counts what it is asked. */
const fakeRepository = (pairs: { automationId: number; deviceId: number }[]) => {
  const calls: string[] = [];
  const open: OpenRow[] = [];
  return {
    calls,
    pairs,
    open,
    rules: async () => {
      calls.push('rules');
      return [weakSignal, offline];
    },
    coverage: async (ids: readonly number[] | null) => {
      calls.push(ids === null ? 'coverage' : `coverage ${ids.join(',')}`);
      const byDevice = new Map<number, number[]>();
      for (const { automationId, deviceId } of pairs)
        if (ids === null || ids.includes(deviceId))
          byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), automationId]);
      return byDevice;
    },
    disabledPairs: async () => [],
    latestOf: async (ids: readonly number[]) => {
      calls.push(`latest ${ids.join(',')}`);
      return ids.map((id) => ({ id, info: {}, lastSeenAt: new Date(Date.UTC(2026, 10, 1)) }));
    },
    openAlerts: async () => open,
    pendingDelays: async () => [],
  };
};
type OpenRow = {
  automationId: number;
  deviceId: number;
  firedAt: Date;
  lastNotifiedAt: Date | null;
};

const build = (
  pairs: { automationId: number; deviceId: number }[],
  statusGraceMs = 60_000,
  owns?: (deviceId: number) => boolean,
) => {
  const repository = fakeRepository(pairs);
  const transitions: Transition[] = [];
  const runtime = createAutomationRuntime({
    repository,
    onTransition: (transition) => transitions.push(transition),
    log,
    now: () => new Date(),
    statusGraceMs,
    ...(owns ? { owns } : {}),
  });
  return { repository, transitions, runtime };
};

const dynamic = (signal: number) => ({
  uptime: 1,
  temperature: 400,
  modems: [{ modem: 1, sim: 1, signal }],
});

describe('automation runtime inputs', () => {
  it('evaluates readings in memory, without a repository call per reading', async () => {
    const { repository, transitions, runtime } = build([{ automationId: 1, deviceId: 10 }]);
    await runtime.start();
    const before = repository.calls.length;
    for (let i = 0; i < 1000; i += 1)
      runtime.reading(10, 'dynamic', dynamic(i % 2 === 0 ? -118 : -90), new Date());
    expect(repository.calls.length).toBe(before);
    expect(transitions.filter((t) => t.kind === 'fired')).toHaveLength(500);
    expect(transitions.filter((t) => t.kind === 'resolved')).toHaveLength(500);
    await runtime.close();
  });

  it('looks new devices up in one batch, and remembers those without rules', async () => {
    const { repository, transitions, runtime } = build([{ automationId: 1, deviceId: 10 }]);
    await runtime.start();
    repository.pairs.push({ automationId: 1, deviceId: 11 });
    runtime.reading(11, 'dynamic', dynamic(-118), new Date());
    runtime.reading(12, 'dynamic', dynamic(-118), new Date());
    await pause(400);
    expect(repository.calls.filter((call) => call.startsWith('coverage '))).toEqual([
      'coverage 11,12',
    ]);
    runtime.reading(11, 'dynamic', dynamic(-119), new Date());
    runtime.reading(12, 'dynamic', dynamic(-119), new Date());
    await pause(400);
    expect(repository.calls.filter((call) => call.startsWith('coverage '))).toHaveLength(1);
    expect(transitions.map((t) => [t.kind, t.deviceId])).toEqual([['fired', 11]]);
    await runtime.close();
  });

  it('reloads once for a burst of rule changes', async () => {
    const { repository, runtime } = build([]);
    await runtime.start();
    runtime.rulesChanged();
    runtime.rulesChanged();
    runtime.rulesChanged();
    await pause(400);
    await runtime.settled();
    expect(repository.calls.filter((call) => call === 'rules')).toHaveLength(2);
    expect(runtime.loads()).toBe(2);
    await runtime.close();
  });

  it('takes devices silent through the start grace as offline since their last message', async () => {
    const { transitions, runtime } = build(
      [
        { automationId: 2, deviceId: 20 },
        { automationId: 2, deviceId: 21 },
      ],
      100,
    );
    await runtime.start();
    runtime.liveness([{ deviceId: 20, status: 1, at: new Date() }]);
    await pause(300);
    expect(transitions.map((t) => [t.kind, t.deviceId, t.at.toISOString()])).toEqual([
      ['fired', 21, '2026-11-01T00:00:00.000Z'],
    ]);
    // A device going offline later is a transition like any other.
    runtime.liveness([{ deviceId: 20, status: 0, at: new Date() }]);
    expect(transitions.map((t) => [t.kind, t.deviceId])).toEqual([
      ['fired', 21],
      ['fired', 20],
    ]);
    await runtime.close();
  });

  it('keeps the state of the partitions it owns and restores the open alerts of those it takes over', async () => {
    const owned = new Set([partitionOf(10)]);
    const { repository, transitions, runtime } = build(
      [
        { automationId: 1, deviceId: 10 },
        { automationId: 1, deviceId: 11 },
      ],
      60_000,
      (deviceId) => owned.has(partitionOf(deviceId)),
    );
    repository.open.push({
      automationId: 1,
      deviceId: 11,
      firedAt: new Date(Date.UTC(2026, 10, 1)),
      lastNotifiedAt: null,
    });
    await runtime.start();
    expect(repository.calls).toContain('latest 10');
    runtime.reading(10, 'dynamic', dynamic(-118), new Date());
    // Device 11's partition moves here, device 10's away: 11's alert is still open.
    owned.add(partitionOf(11));
    owned.delete(partitionOf(10));
    runtime.partitionsChanged({ gained: [partitionOf(11)], lost: [partitionOf(10)] });
    await runtime.settled();
    expect(repository.calls).toContain('latest 11');
    runtime.reading(11, 'dynamic', dynamic(-119), new Date());
    runtime.reading(11, 'dynamic', dynamic(-80), new Date());
    // Device 10's open alert is left to its new owner: nothing resolves here.
    expect(transitions.map((t) => `${t.kind} ${t.deviceId}`)).toEqual(['fired 10', 'resolved 11']);
    await runtime.close();
  });
});
