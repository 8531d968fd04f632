import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs, userMfa, users } from '@/db/schema';
import { sha256 } from '@/lib/crypto';
import { buildTestApp, type TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { cookieOf, SPA_HEADERS } from '@test/session';

let t: TestApp;
const outbox = createOutbox();
/** Moved forward to let challenges expire; TOTP codes are computed for the same clock. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport, now });
});
afterAll(() => t.close());

const RECOVERY = ['aaaa-1111', 'bbbb-2222'];

/** A user with MFA on: TOTP (with a known secret) or e-mail codes, and two recovery codes. */
const mfaUser = async (mfaType: 'totp' | 'email') => {
  const user = await createUser(t.db, 'end_user', { mfaType });
  const secret = generateSecret();
  await t.db.insert(userMfa).values({
    userId: user.id,
    totpSecret: mfaType === 'totp' ? secret : null,
    recoveryCodeHashes: RECOVERY.map(sha256),
  });
  return { ...user, secret };
};

const signIn = async (
  user: { email: string; password: string },
  session?: { session_uuid?: string; session_code?: string },
) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/account/login',
    headers: SPA_HEADERS,
    payload: { email: user.email, password: user.password, ...session },
  });
  return { status: response.statusCode, body: response.json(), response };
};

const totp = (secret: string) => generate({ secret, epoch: Math.floor(now().getTime() / 1000) });
const otherCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
const mailedCodes = (to: string) =>
  outbox.messages.filter((m) => m.to === to).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '');

describe('signing in with TOTP', () => {
  it('asks for the code, refuses a wrong one and signs in with the right one', async () => {
    const user = await mfaUser('totp');
    const first = await signIn(user);
    expect(first.status).toBe(401);
    expect(first.body).toEqual({
      success: false,
      errors: [{ code: 'MFA_REQUIRED', message: 'Enter the verification code', source: null }],
      data: { mfa_type: 'totp', session_uuid: expect.any(String) },
    });
    const { session_uuid } = first.body.data;
    const code = await totp(user.secret);

    const wrong = await signIn(user, { session_uuid, session_code: otherCode(code) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0]).toEqual({
      code: 'MFA_REQUIRED',
      message: 'Invalid verification code',
      source: null,
    });
    expect(wrong.body.data).toEqual({ mfa_type: 'totp', session_uuid });
    expect(wrong.response.headers['set-cookie']).toBeUndefined();

    // The password is checked on every step.
    const badPassword = await signIn(
      { ...user, password: 'not-the-password' },
      { session_uuid, session_code: code },
    );
    expect(badPassword.body.errors[0].code).toBe('INVALID_CREDENTIALS');

    const ok = await signIn(user, { session_uuid, session_code: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: user.email, mfa_type: 'totp' });
    expect(cookieOf(ok.response, 'nf_access')?.value).toBeTruthy();

    // The pending sign-in is used up: resubmitting it starts a new one.
    const replay = await signIn(user, { session_uuid, session_code: code });
    expect(replay.status).toBe(401);
    expect(replay.body.data.session_uuid).not.toBe(session_uuid);
    // And the same code does not sign in a second time on the new one.
    const reused = await signIn(user, {
      session_uuid: replay.body.data.session_uuid,
      session_code: code,
    });
    expect(reused.body.errors[0].message).toBe('Invalid verification code');
  });

  it('accepts a code of the previous time step', async () => {
    const user = await mfaUser('totp');
    const { session_uuid } = (await signIn(user)).body.data;
    const previous = await generate({
      secret: user.secret,
      epoch: Math.floor(now().getTime() / 1000) - 30,
    });
    expect((await signIn(user, { session_uuid, session_code: previous })).status).toBe(200);
  });

  it('starts over when the pending sign-in expired (5 minutes)', async () => {
    const user = await mfaUser('totp');
    const { session_uuid } = (await signIn(user)).body.data;
    offsetMs += 6 * 60 * 1000;
    try {
      const late = await signIn(user, { session_uuid, session_code: await totp(user.secret) });
      expect(late.status).toBe(401);
      expect(late.body.errors[0].message).toBe('Enter the verification code');
      expect(late.body.data.session_uuid).not.toBe(session_uuid);
    } finally {
      offsetMs -= 6 * 60 * 1000;
    }
  });
});

describe('signing in with an e-mail code', () => {
  it('mails a code (redacted in the mail log) and signs in with it', async () => {
    const user = await mfaUser('email');
    const first = await signIn(user);
    expect(first.status).toBe(401);
    expect(first.body.data).toEqual({ mfa_type: 'email', session_uuid: expect.any(String) });
    const [code] = mailedCodes(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const [log] = await t.db.select().from(mailLogs).where(eq(mailLogs.to, user.email));
    expect(log?.body).not.toContain(code);

    const ok = await signIn(user, {
      session_uuid: first.body.data.session_uuid,
      session_code: code,
    });
    expect(ok.status).toBe(200);
  });

  it('drops the pending sign-in after 5 wrong codes; signing in again mails a new code', async () => {
    const user = await mfaUser('email');
    const { session_uuid } = (await signIn(user)).body.data;
    const [code = ''] = mailedCodes(user.email);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(user, { session_uuid, session_code: otherCode(code) });
      expect(wrong.status).toBe(401);
      answers.push([wrong.body.errors[0].message, wrong.body.data.session_uuid]);
    }
    expect(answers).toEqual([
      ...Array(4).fill(['Invalid verification code', session_uuid]),
      ['Too many attempts, request a new code', undefined],
    ]);

    // The right code no longer works on the dead challenge: a fresh one comes with a new code.
    const fresh = await signIn(user, { session_uuid, session_code: code });
    expect(fresh.status).toBe(401);
    expect(fresh.body.errors[0].message).toBe('Enter the verification code');
    const next = fresh.body.data.session_uuid;
    expect(next).not.toBe(session_uuid);
    const codes = mailedCodes(user.email);
    expect(codes).toHaveLength(2);
    expect((await signIn(user, { session_uuid: next, session_code: codes[1] })).status).toBe(200);
  });

  it('answers 429 after 10 wrong codes within 15 minutes, whatever the challenge', async () => {
    const user = await mfaUser('email');
    for (let round = 0; round < 2; round++) {
      const { session_uuid } = (await signIn(user)).body.data;
      for (let i = 0; i < 5; i++) {
        await signIn(user, { session_uuid, session_code: 'zzzz-zzzz' });
      }
    }
    const blocked = await signIn(user);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(blocked.response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

describe('signing in with a recovery code', () => {
  it('works once per code, typed in any case', async () => {
    const user = await mfaUser('totp');
    const { session_uuid } = (await signIn(user)).body.data;
    const ok = await signIn(user, { session_uuid, session_code: ' AAAA-1111 ' });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row?.recoveryCodeHashes).toEqual([sha256('bbbb-2222')]);

    const again = (await signIn(user)).body.data.session_uuid;
    const reused = await signIn(user, { session_uuid: again, session_code: 'aaaa-1111' });
    expect(reused.status).toBe(401);
    expect(reused.body.errors[0].message).toBe('Invalid verification code');
  });

  it('is the way in for a method the server cannot check', async () => {
    const user = await mfaUser('email');
    await t.db.update(users).set({ mfaType: 'teltonika_id' }).where(eq(users.id, user.id));
    const { session_uuid } = (await signIn(user)).body.data;
    const digits = await signIn(user, { session_uuid, session_code: '123456' });
    expect(digits.body.errors[0].message).toBe('Invalid verification code');
    expect((await signIn(user, { session_uuid, session_code: 'bbbb-2222' })).status).toBe(200);
  });
});
