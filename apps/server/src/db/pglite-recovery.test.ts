import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { DiskFullError, isOutOfDiskSpace } from './pglite-disk-full';
import { createRecoverablePglite, type PgliteRecoveryEvent } from './pglite-recovery';

/** What PGlite throws when a write finds DATA_DIR full (seen on a 64 MB tmpfs). */
const diskFull = () =>
  Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
    code: '53100',
    severity: 'ERROR',
  });

/** What a broken instance throws on each later write. */
const panic = () =>
  Object.assign(new Error('XLogBeginInsert was already called'), {
    code: 'XX000',
    severity: 'PANIC',
  });

/**
 * An instance that answers reads with its name and fails writes as `fail` says; it records
 * whether it was closed.
 */
const instance = (name: string, fail: () => Error | null = () => null) => {
  const state = { closed: false };
  const client = {
    query: async (text: string) => {
      const error = text.startsWith('insert') ? fail() : null;
      if (error) throw error;
      return { rows: [{ from: name }] };
    },
    close: async () => void (state.closed = true),
  };
  return { client: client as unknown as PGlite, state };
};

/** A recoverable client over `first`; the test moves the clock and frees the disk. */
const recoverable = (first: PGlite, reopen: () => Promise<PGlite>) => {
  const disk = { room: false, ms: 0 };
  const events: PgliteRecoveryEvent[] = [];
  const client = createRecoverablePglite(first, {
    reopen,
    hasRoom: async () => disk.room,
    onEvent: (event) => void events.push(event),
    now: () => disk.ms,
  });
  const read = async () => (await client.query<{ from: string }>('select')).rows[0]?.from;
  return { client, disk, events, read };
};

describe('the embedded database on a full DATA_DIR', () => {
  it('refuses writes, still serves reads, and re-opens on its own once there is room', async () => {
    const first = instance('first', diskFull);
    const second = instance('second');
    const { client, disk, events, read } = recoverable(first.client, async () => second.client);

    const refused = await client.query('insert').catch((error: unknown) => error);
    expect(isOutOfDiskSpace(refused)).toBe(true);
    expect(await read()).toBe('first');

    // Looked at once a second, not at each statement.
    disk.room = true;
    expect(await read()).toBe('first');
    disk.ms += 1_000;
    expect(await read()).toBe('second');
    expect(first.state.closed).toBe(true);
    await expect(client.query('insert')).resolves.toEqual({ rows: [{ from: 'second' }] });
    expect(events).toEqual(['full', 'reopened']);
  });

  it('takes the broken instance’s PANIC for the full disk, but only after one', async () => {
    let fail = panic;
    const first = instance('first', () => fail());
    const { client } = recoverable(first.client, async () => instance('second').client);

    const unrelated = await client.query('insert').catch((error: unknown) => error);
    expect(unrelated).not.toBeInstanceOf(DiskFullError);
    expect(isOutOfDiskSpace(unrelated)).toBe(false);

    fail = diskFull;
    await expect(client.query('insert')).rejects.toThrow('No space left on device');
    fail = panic;
    const broken = await client.query('insert').catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(DiskFullError);
    expect(isOutOfDiskSpace(broken)).toBe(true);
  });

  it('refuses every statement while the new instance cannot open, and tries again', async () => {
    const first = instance('first', diskFull);
    let opens = 0;
    const { client, disk, events, read } = recoverable(first.client, async () => {
      opens += 1;
      if (opens === 1) throw diskFull();
      return instance('second').client;
    });
    await expect(client.query('insert')).rejects.toThrow('No space left on device');
    disk.room = true;
    disk.ms += 1_000;
    await expect(read()).rejects.toBeInstanceOf(DiskFullError);
    await expect(read()).rejects.toBeInstanceOf(DiskFullError);
    disk.ms += 1_000;
    expect(await read()).toBe('second');
    expect(opens).toBe(2);
    expect(events).toEqual(['full', 'reopen-failed', 'reopened']);
  });

  it('closes a broken instance without failing, and a healthy one as it answers', async () => {
    const broken = instance('broken', diskFull);
    broken.client.close = async () => Promise.reject(panic());
    const full = recoverable(broken.client, async () => instance('second').client);
    await expect(full.client.query('insert')).rejects.toThrow('No space left on device');
    await expect(full.client.close()).resolves.toBeUndefined();
    expect(full.events).toEqual(['full', 'close-failed']);

    const healthy = instance('healthy');
    healthy.client.close = async () => Promise.reject(new Error('closing failed'));
    const ok = recoverable(healthy.client, async () => instance('second').client);
    await expect(ok.client.close()).rejects.toThrow('closing failed');
  });
});
