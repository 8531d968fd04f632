import { PASSWORD_RESET_TTL_MINUTES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionLogs, mailLogs, mailOutbox, users } from '@/db/schema';
import { eventually } from '@test/eventually';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { login, loginAs, SPA_HEADERS } from '@test/session';
import { MAX_RESET_REQUESTS_PER_EMAIL, MAX_RESET_REQUESTS_PER_IP } from './password-reset-limiter';

let t: TestApp;
const outbox = createOutbox();
/** The app's clock runs this far ahead of the real one. */
let offsetMs = 0;
/** Each test asks from its own address, so the per-IP request limit stays out of the way. */
let ipCounter = 0;
let ip = '';

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { mailTransport: outbox.transport, now: () => new Date(Date.now() + offsetMs) },
  );
});
beforeEach(() => {
  ip = `198.51.100.${++ipCounter}`;
});
afterEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a-brand-new-password';

const forgot = (email: string, remoteAddress = ip) =>
  t.app.inject({
    method: 'POST',
    url: '/account/password/forgot',
    headers: SPA_HEADERS,
    payload: { email },
    remoteAddress,
  });
const reset = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/account/password/reset',
    headers: SPA_HEADERS,
    payload,
    remoteAddress: ip,
  });
const withPassword = (token: string, password = NEW_PASSWORD) => ({
  token,
  password,
  password_confirmation: password,
});

const mailsTo = (email: string) => outbox.messages.filter((message) => message.to === email);
const tokenIn = (text: string) => /\/account\/reset-password\?token=([\w-]+)/.exec(text)?.[1];

/** The link is mailed after the answer: waits for the `count`-th mail to `email`, its token. */
const mailedToken = async (email: string, count = 1) => {
  const mail = await eventually(() => {
    const mails = mailsTo(email);
    expect(mails).toHaveLength(count);
    return mails[count - 1];
  });
  const token = tokenIn(mail?.text ?? '');
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
};

const invalidToken = {
  success: false,
  errors: [
    {
      code: 'VALIDATION_ERROR',
      message: 'This password reset link is invalid, used or expired. Request a new one.',
      source: 'token',
    },
  ],
};

describe('forgot password', () => {
  it('answers an unknown address exactly like a known one and mails only the account', async () => {
    const user = await createUser(t.db, 'end_user');
    const unknown = await forgot('nobody-here@example.test');
    const known = await forgot(user.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ success: true });

    // Both requests were handled in order; once the account's mail is out, the other sent none.
    const token = await mailedToken(user.email);
    expect(mailsTo('nobody-here@example.test')).toEqual([]);
    const mail = mailsTo(user.email)[0];
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain(`http://console.test/account/reset-password?token=${token}`);
    // The mail log that administrators read does not hand the link on.
    const [logged] = await t.db.select().from(mailLogs).where(eq(mailLogs.to, user.email));
    expect(logged?.body).not.toContain(token);
  });

  it('sends nothing to a disabled account', async () => {
    const disabled = await createUser(t.db, 'end_user', { disabled: true });
    const active = await createUser(t.db, 'end_user');
    expect((await forgot(disabled.email)).statusCode).toBe(200);
    expect((await forgot(active.email)).statusCode).toBe(200);
    await mailedToken(active.email);
    expect(mailsTo(disabled.email)).toEqual([]);
  });

  it('refuses an invalid address on the email field', async () => {
    const response = await forgot('not-an-address');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source).toBe('email');
  });

  it('limits requests per address, known or not, and per IP', async () => {
    const user = await createUser(t.db, 'end_user');
    for (const email of [user.email, 'ghost@example.test']) {
      for (let i = 0; i < MAX_RESET_REQUESTS_PER_EMAIL; i += 1) {
        expect((await forgot(email)).statusCode).toBe(200);
      }
      const throttled = await forgot(email);
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(throttled.json().errors[0].message).toBe(
        'Too many password reset requests. Try again later.',
      );
    }
    const sprayer = '203.0.113.99';
    for (let i = 0; i < MAX_RESET_REQUESTS_PER_IP; i += 1) {
      expect((await forgot(`spray-${i}@example.test`, sprayer)).statusCode).toBe(200);
    }
    expect((await forgot('spray-last@example.test', sprayer)).statusCode).toBe(429);
    await mailedToken(user.email, MAX_RESET_REQUESTS_PER_EMAIL);
  });
});

describe('reset password', () => {
  it('sets the new password once with the mailed token and ends every session', async () => {
    const user = await createUser(t.db, 'end_user');
    const before = await loginAs(t.app, user);
    await forgot(user.email);
    const token = await mailedToken(user.email);

    const done = await reset(withPassword(token));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });

    expect((await login(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // The session opened with the old password is over, access and refresh alike.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: before.cookie },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/account/token/refresh',
      headers: before.headers,
    });
    expect(refresh.statusCode).toBe(401);
    const [logged] = await t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'password_reset'));
    expect(logged).toMatchObject({ userId: user.id, details: { ended_sessions: 1 } });

    const again = await reset(withPassword(token, 'yet-another-password'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidToken);
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token nobody was sent', async () => {
    const response = await reset(withPassword('made-up-token'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidToken);
  });

  it(`refuses a link older than ${PASSWORD_RESET_TTL_MINUTES} minutes`, async () => {
    const user = await createUser(t.db, 'end_user');
    await forgot(user.email);
    const token = await mailedToken(user.email);
    offsetMs = PASSWORD_RESET_TTL_MINUTES * 60 * 1000 + 1000;
    expect((await reset(withPassword(token))).json()).toEqual(invalidToken);
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('lets a newer request supersede the older link', async () => {
    const user = await createUser(t.db, 'end_user');
    await forgot(user.email);
    const first = await mailedToken(user.email);
    await forgot(user.email);
    const second = await mailedToken(user.email, 2);
    expect(second).not.toBe(first);
    expect((await reset(withPassword(first))).statusCode).toBe(400);
    expect((await reset(withPassword(second))).statusCode).toBe(200);
  });

  it('applies the new-password rules on their fields and keeps the token for a retry', async () => {
    const user = await createUser(t.db, 'end_user');
    await forgot(user.email);
    const token = await mailedToken(user.email);

    const weak = await reset(withPassword(token, 'short'));
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual([
      expect.objectContaining({ source: 'password', message: 'Use at least 8 characters' }),
    ]);
    const mismatch = await reset({ ...withPassword(token), password_confirmation: 'different!' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0]).toMatchObject({
      source: 'password_confirmation',
      message: 'Passwords do not match',
    });
    expect((await reset(withPassword(token))).statusCode).toBe(200);
  });

  it('refuses the link of an account disabled since it was mailed', async () => {
    const user = await createUser(t.db, 'end_user');
    await forgot(user.email);
    const token = await mailedToken(user.email);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await reset(withPassword(token))).json()).toEqual(invalidToken);
  });
});

describe('without an SMTP server', () => {
  it('keeps the reset mail, link included, in the outbox super admins read', async () => {
    const noSmtp = await buildTestApp();
    try {
      const user = await createUser(noSmtp.db, 'end_user');
      const response = await noSmtp.app.inject({
        method: 'POST',
        url: '/account/password/forgot',
        headers: SPA_HEADERS,
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const kept = await eventually(async () => {
        const [row] = await noSmtp.db
          .select({ body: mailOutbox.body })
          .from(mailOutbox)
          .innerJoin(mailLogs, eq(mailLogs.id, mailOutbox.mailLogId))
          .where(eq(mailLogs.to, user.email));
        expect(row).toBeDefined();
        return row;
      });
      const token = tokenIn(kept?.body ?? '');
      expect(token).toBeDefined();
      const done = await noSmtp.app.inject({
        method: 'POST',
        url: '/account/password/reset',
        headers: SPA_HEADERS,
        payload: withPassword(token ?? ''),
      });
      expect(done.statusCode).toBe(200);
    } finally {
      await noSmtp.close();
    }
  });
});
