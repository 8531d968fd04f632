import { describe, expect, it } from 'vitest';
import { runInForeground } from '@/lib/foreground';
import { createPriorityGate } from './pglite-gate';

/** A statement the test ends: the gate is held until `finish` is called. */
const held = () => {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the embedded database gate', () => {
  it('runs one statement at a time, foreground work first, the rest in arrival order', async () => {
    const gate = createPriorityGate();
    const order: string[] = [];
    const first = held();
    const running = gate(async () => {
      order.push('first');
      await first.done;
    });
    const queued = [
      gate(async () => void order.push('background 1')),
      runInForeground(() => gate(async () => void order.push('request 1'))),
      gate(async () => void order.push('background 2')),
      runInForeground(() => gate(async () => void order.push('request 2'))),
    ];
    await tick();
    expect(order).toEqual(['first']);
    first.finish();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(['first', 'request 1', 'request 2', 'background 1', 'background 2']);
  });

  it('lets background work go first once it has waited 500 ms', async () => {
    let clock = 0;
    const gate = createPriorityGate(() => clock);
    const order: string[] = [];
    const first = held();
    const running = gate(() => first.done);
    const background = gate(async () => void order.push('background'));
    const request = runInForeground(() => gate(async () => void order.push('request')));
    clock = 500;
    first.finish();
    await Promise.all([running, background, request]);
    expect(order).toEqual(['background', 'request']);
  });

  it('reads what arrived over I/O before choosing the next statement', async () => {
    const gate = createPriorityGate();
    const order: string[] = [];
    const first = held();
    const running = gate(() => first.done);
    const queued = [1, 2, 3].map((n) => gate(async () => void order.push(`background ${n}`)));
    first.finish();
    // A request whose bytes are read in the next turn of the event loop, not in this one.
    const request = new Promise((resolve) =>
      setImmediate(() =>
        resolve(runInForeground(() => gate(async () => void order.push('request')))),
      ),
    );
    await Promise.all([running, ...queued, request]);
    expect(order).toEqual(['request', 'background 1', 'background 2', 'background 3']);
  });

  it('lets I/O in between statements that a caller issues one after another', async () => {
    const gate = createPriorityGate();
    const order: string[] = [];
    // A worker's loop: each statement issued as soon as the one before resolved.
    const worker = (async () => {
      for (const n of [1, 2, 3]) await gate(async () => void order.push(`background ${n}`));
    })();
    // A request whose bytes are read in the next turn of the event loop.
    const request = new Promise((resolve) =>
      setImmediate(() =>
        resolve(runInForeground(() => gate(async () => void order.push('request')))),
      ),
    );
    await Promise.all([worker, request]);
    expect(order).toEqual(['background 1', 'request', 'background 2', 'background 3']);
  });

  it('moves on after a statement that failed', async () => {
    const gate = createPriorityGate();
    const failing = gate(() => Promise.reject(new Error('syntax error')));
    const next = gate(() => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('syntax error');
    expect(await next).toBe('ran');
  });
});
