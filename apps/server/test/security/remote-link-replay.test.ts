import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteSessions } from '@/db/schema';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { httpGet, openTerminal, setCookie } from '../remote/remote-http';
import { buildRemoteWorld, type RemoteWorld } from '../remote/remote-world';

// ICSA-23-131-08: a remote-access link leaks (a chat message, a browser history, a proxy log) and
// is replayed from another browser, by another user, after it expired or after it was closed.
// None of these may reach the device: the real server, real tunnels and a simulated device.

let world: RemoteWorld;
let intruder: TestSession;
beforeAll(async () => {
  world = await buildRemoteWorld();
  // Same company and role as the owner: it may open its own sessions, never the owner's.
  intruder = await loginAs(world.t.app, await createUser(world.t.db, 'admin'));
}, 60_000);
afterAll(() => world?.close());

/** A web UI session launched by its owner: its origin and the owner's launch proof. */
const launchedWebUi = async () => {
  const session = await world.connect('webui');
  const url = new URL(session.url);
  const launched = await httpGet(world.base, url.host, url.pathname + url.search);
  expect(launched.status).toBe(302);
  const proof = setCookie(launched, '__nf_webui');
  if (!proof) throw new Error('no launch proof');
  // The owner reaches the device (its login redirect comes from the simulated web UI).
  const owner = await httpGet(world.base, url.host, '/', { cookie: proof });
  expect(owner.status).toBe(302);
  return { session, url, proof };
};

const expectNotProxied = (response: { status: number; body: string }, status: number) => {
  expect(response.status).toBe(status);
  expect(response.body).not.toContain('sim-webui');
};

describe('replaying a web UI link', () => {
  it('another browser gets nothing from the used link, the bare origin or a forged proof', async () => {
    const { url, proof } = await launchedWebUi();
    expectNotProxied(await httpGet(world.base, url.host, url.pathname + url.search), 403);
    expectNotProxied(await httpGet(world.base, url.host, '/'), 401);
    expectNotProxied(
      await httpGet(world.base, url.host, '/', { cookie: `${proof.slice(0, -4)}AAAA` }),
      401,
    );
    // Another user's console session is no proof for this origin either.
    expectNotProxied(await httpGet(world.base, url.host, '/', { cookie: intruder.cookie }), 401);
  });

  it('another user cannot mint a fresh link to the session or read its url', async () => {
    const { session } = await launchedWebUi();
    const launch = await world.post(
      `/api/devices/connect/sessions/${session.id}/launch`,
      {},
      intruder.headers,
    );
    expect(launch.statusCode).toBe(404);
    const read = await world.t.app.inject({
      method: 'GET',
      url: `/api/devices/connect/sessions/${session.id}`,
      headers: intruder.headers,
    });
    expect(read.body).not.toContain('/__nf/launch');
  });

  it('the owner’s own proof stops working once the session expired', async () => {
    const { session, url, proof } = await launchedWebUi();
    await world.t.db
      .update(remoteSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(remoteSessions.id, session.id));
    expectNotProxied(await httpGet(world.base, url.host, '/', { cookie: proof }), 410);
    const relaunch = await world.post(`/api/devices/connect/sessions/${session.id}/launch`, {});
    expect(relaunch.statusCode).toBeGreaterThanOrEqual(400);
    expect(relaunch.statusCode).toBeLessThan(500);
  });

  it('the owner’s own proof and an unused fresh link stop working once the session is closed', async () => {
    const { session, url, proof } = await launchedWebUi();
    const fresh = await world.post(`/api/devices/connect/sessions/${session.id}/launch`, {});
    expect(fresh.statusCode).toBe(200);
    const freshUrl = new URL(fresh.json<{ data: { url: string } }>().data.url);
    const closed = await world.t.app.inject({
      method: 'DELETE',
      url: `/api/devices/connect/sessions/${session.id}`,
      headers: world.admin.headers,
    });
    expect(closed.statusCode).toBe(200);
    expectNotProxied(await httpGet(world.base, url.host, '/', { cookie: proof }), 410);
    const replayed = await httpGet(world.base, url.host, freshUrl.pathname + freshUrl.search);
    expect(replayed.status).toBeGreaterThanOrEqual(400);
    expect(setCookie(replayed, '__nf_webui')).toBeUndefined();
  });
});

describe('replaying a CLI session id', () => {
  /** How the upgrade ends: an HTTP refusal, or a WebSocket closed with 4000 + the status. */
  const outcomeOf = async (sessionId: number, cookie: string) => {
    const terminal = openTerminal(world.base, sessionId, cookie);
    const outcome = await new Promise<string>((resolve) => {
      terminal.opened.catch((error: Error) => resolve(error.message));
      terminal.ws.once('close', (code) => resolve(`closed ${String(code)}`));
    });
    terminal.ws.terminate();
    // Never a shell: a refused terminal never says it is ready.
    expect(terminal.messages.map((m) => m.type)).not.toContain('ready');
    return outcome;
  };

  it('refuses the terminal to no cookie, another user, and after the session closed', async () => {
    const session = await world.connect('cli');
    expect(await outcomeOf(session.id, '')).toBe('upgrade answered 401');
    // Another user hears of no such session (not that it exists and is someone else's).
    expect(await outcomeOf(session.id, intruder.cookie)).toBe('closed 4404');
    const closed = await world.t.app.inject({
      method: 'DELETE',
      url: `/api/devices/connect/sessions/${session.id}`,
      headers: world.admin.headers,
    });
    expect(closed.statusCode).toBe(200);
    expect(await outcomeOf(session.id, world.admin.cookie)).toBe('closed 4410');
  });
});
