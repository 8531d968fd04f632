import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs, userMfa, users } from '@/db/schema';
import { sha256 } from '@/lib/crypto';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { confirmPassword, loginAs, type TestSession } from '@test/session';

let t: TestApp;
const outbox = createOutbox();
beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = async (session: TestSession | null, method: Method, url: string, payload?: object) => {
  const response = await t.app.inject({
    method,
    url,
    headers: session ? session.headers : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};

/** A signed-in user who re-entered the password, as the console does after a 423. */
const confirmedSession = async (options: Parameters<typeof createUser>[2] = {}) => {
  const user = await createUser(t.db, 'end_user', options);
  const session = await loginAs(t.app, user);
  await confirmPassword(t.app, session, user.password);
  return { user, session };
};

const otherCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
const mailedCode = (to: string) =>
  /\b(\d{6})\b/.exec(outbox.messages.findLast((m) => m.to === to)?.text ?? '')?.[1];

const stored = async (userId: number) => {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const [mfa] = await t.db.select().from(userMfa).where(eq(userMfa.userId, userId));
  return { mfaType: user?.mfaType ?? null, mfa };
};

describe('GET /account/mfa', () => {
  it('tells a user without MFA that nothing is set up', async () => {
    const { session } = await confirmedSession();
    expect(await call(session, 'GET', '/account/mfa')).toEqual({
      status: 200,
      body: { success: true, data: { mfa_type: null, enforced: false, recovery_codes_left: 0 } },
    });
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/account/mfa')).status).toBe(401);
  });
});

describe('TOTP enrolment', () => {
  it('needs a recent password confirmation to start', async () => {
    const user = await createUser(t.db, 'end_user');
    const session = await loginAs(t.app, user);
    const { status, body } = await call(session, 'POST', '/account/mfa/totp');
    expect(status).toBe(423);
    expect(body.errors[0].code).toBe('PASSWORD_CONFIRMATION_REQUIRED');
  });

  it('hands out a secret with its otpauth URL and QR code, and activates it with a code', async () => {
    const { user, session } = await confirmedSession();
    const started = await call(session, 'POST', '/account/mfa/totp');
    expect(started.status).toBe(200);
    const { secret, otpauth_url, qr_code } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/netfleet:${encodeURIComponent(user.email)}?secret=${secret}&issuer=netfleet`,
    );
    expect(qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    // Not active until a code from the app proves it was added.
    expect(await stored(user.id)).toMatchObject({
      mfaType: null,
      mfa: { pendingTotpSecret: secret },
    });

    const code = await generate({ secret });
    const wrong = await call(session, 'POST', '/account/mfa/totp/verify', {
      code: otherCode(code),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'Invalid verification code', source: 'code' },
    ]);
    expect((await stored(user.id)).mfaType).toBeNull();

    const verified = await call(session, 'POST', '/account/mfa/totp/verify', { code });
    expect(verified.status).toBe(200);
    const codes: string[] = verified.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    const after = await stored(user.id);
    expect(after.mfaType).toBe('totp');
    expect(after.mfa).toMatchObject({ totpSecret: secret, pendingTotpSecret: null });
    // Only hashes are kept.
    expect(after.mfa?.recoveryCodeHashes).toEqual(codes.map(sha256));

    expect((await call(session, 'GET', '/account/mfa')).body.data).toEqual({
      mfa_type: 'totp',
      enforced: false,
      recovery_codes_left: 10,
    });
    // The secret cannot be activated twice.
    const again = await call(session, 'POST', '/account/mfa/totp/verify', { code });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].message).toBe('Start the authenticator app set-up first');
  });

  it('validates the code format', async () => {
    const { session } = await confirmedSession();
    const { status, body } = await call(session, 'POST', '/account/mfa/totp/verify', {
      code: '12ab56',
    });
    expect(status).toBe(422);
    expect(body.errors[0]).toMatchObject({ message: 'Enter the 6-digit code', source: 'code' });
  });
});

describe('e-mail code enrolment', () => {
  it('mails a code (kept out of the mail log) and activates e-mail codes with it', async () => {
    const { user, session } = await confirmedSession();
    const started = await call(session, 'POST', '/account/mfa/email');
    expect(started.status).toBe(200);
    const { session_uuid } = started.body.data;
    const code = mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const [log] = await t.db.select().from(mailLogs).where(eq(mailLogs.to, user.email));
    expect(log?.body).not.toContain(code);
    expect(log?.body).toContain('[redacted]');

    const verified = await call(session, 'POST', '/account/mfa/email/verify', {
      session_uuid,
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.recovery_codes).toHaveLength(10);
    expect(await stored(user.id)).toMatchObject({ mfaType: 'email', mfa: { totpSecret: null } });
    // The code is used up.
    const reused = await call(session, 'POST', '/account/mfa/email/verify', { session_uuid, code });
    expect(reused.body.errors[0].message).toBe('The code has expired, request a new code');
  });

  it('kills the challenge after 5 wrong codes, even for the right code afterwards', async () => {
    const { user, session } = await confirmedSession();
    const { session_uuid } = (await call(session, 'POST', '/account/mfa/email')).body.data;
    const code = mailedCode(user.email) ?? '';
    const messages = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await call(session, 'POST', '/account/mfa/email/verify', {
        session_uuid,
        code: otherCode(code),
      });
      expect(wrong.status).toBe(422);
      messages.push(wrong.body.errors[0].message);
    }
    expect(messages).toEqual([
      ...Array(4).fill('Invalid verification code'),
      'Too many attempts, request a new code',
    ]);
    const late = await call(session, 'POST', '/account/mfa/email/verify', { session_uuid, code });
    expect(late.status).toBe(422);
    expect(late.body.errors[0]).toMatchObject({
      message: 'Too many attempts, request a new code',
      source: 'code',
    });
    expect((await stored(user.id)).mfaType).toBeNull();

    // A new code works, and replaces the old challenge.
    const fresh = (await call(session, 'POST', '/account/mfa/email')).body.data.session_uuid;
    expect(fresh).not.toBe(session_uuid);
    const ok = await call(session, 'POST', '/account/mfa/email/verify', {
      session_uuid: fresh,
      code: mailedCode(user.email),
    });
    expect(ok.status).toBe(200);
  });

  it("does not accept another user's challenge", async () => {
    const ann = await confirmedSession();
    const bob = await confirmedSession();
    const { session_uuid } = (await call(ann.session, 'POST', '/account/mfa/email')).body.data;
    const stolen = await call(bob.session, 'POST', '/account/mfa/email/verify', {
      session_uuid,
      code: mailedCode(ann.user.email),
    });
    expect(stolen.status).toBe(422);
    expect((await stored(bob.user.id)).mfaType).toBeNull();
  });
});

describe('DELETE /account/mfa', () => {
  it('switches MFA off', async () => {
    const { user, session } = await confirmedSession();
    const { secret } = (await call(session, 'POST', '/account/mfa/totp')).body.data;
    await call(session, 'POST', '/account/mfa/totp/verify', { code: await generate({ secret }) });
    expect((await stored(user.id)).mfaType).toBe('totp');
    expect(await call(session, 'DELETE', '/account/mfa')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await stored(user.id)).toEqual({ mfaType: null, mfa: undefined });
  });
});

describe('MFA enforced by the company', () => {
  it('leaves enrolment reachable for a user blocked by MFA_MANDATORY, and keeps MFA on', async () => {
    const company = await createCompany(t.db, { mfaEnforced: true });
    const { session } = await confirmedSession({ company });
    const blocked = await call(session, 'GET', '/api/user');
    expect(blocked.status).toBe(401);
    expect(blocked.body.errors[0].code).toBe('MFA_MANDATORY');
    expect((await call(session, 'GET', '/account/mfa')).body.data).toMatchObject({
      mfa_type: null,
      enforced: true,
    });

    const { secret } = (await call(session, 'POST', '/account/mfa/totp')).body.data;
    const verified = await call(session, 'POST', '/account/mfa/totp/verify', {
      code: await generate({ secret }),
    });
    expect(verified.status).toBe(200);
    const user = await call(session, 'GET', '/api/user');
    expect(user.status).toBe(200);
    expect(user.body.mfa_type).toBe('totp');

    const off = await call(session, 'DELETE', '/account/mfa');
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: 'Your company requires multi-factor authentication',
        source: null,
      },
    ]);
  });
});
