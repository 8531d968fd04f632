import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { personalAccessTokens } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser, DEFAULT_PASSWORD } from '@test/factories';
import { confirmPassword, loginAs } from '@test/session';
import { connectSocket, listen } from '@test/sockets';
import { expiryDelay } from './realtime';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
});
afterAll(() => t.close());

it('waits for the remaining lifetime of the credential, and not beyond what a timer can hold', () => {
  expect(expiryDelay(61_000, 1_000)).toBe(60_000);
  expect(expiryDelay(1_000, 5_000)).toBe(0);
  expect(expiryDelay(1_000 + 30 * 24 * 3600 * 1000, 1_000)).toBeNull();
});

it('closes the transport when the credential it was opened with expires', async () => {
  const user = await createUser(t.db, 'admin');
  const session = await loginAs(t.app, user);
  await confirmPassword(t.app, session, DEFAULT_PASSWORD);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user/tokens',
    headers: session.headers,
    payload: { name: 'short-lived', scopes: ['users:read'] },
  });
  const { id, token } = created.json<{ data: { id: number; token: string } }>().data;
  // The token has two seconds left.
  await t.db
    .update(personalAccessTokens)
    .set({ expiresAt: new Date(Date.now() + 2000) })
    .where(eq(personalAccessTokens.id, id));
  const socket = await connectSocket(url, { token });
  const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
  // A transport close (not a server disconnect): socket.io clients reconnect on their own.
  expect(reason).toBe('transport close');
  socket.close();
});
