import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.uuid(),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  act: z.object({ sub: z.string().regex(/^\d+$/), email: z.string() }).optional(),
});

export interface AccessClaims {
  userId: number;
  sessionId: string;
  exp: number;
  /** Issued at, seconds since the epoch (tokens sign it; absent only in hand-made claims). */
  iat?: number;
  /** The real user, present while impersonating (RFC 8693 actor claim). */
  act?: { userId: number; email: string };
}

const toClaims = (payload: unknown): AccessClaims | null => {
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { sub, sid, exp, iat, act } = parsed.data;
  return {
    userId: Number(sub),
    sessionId: sid,
    exp,
    ...(iat === undefined ? {} : { iat }),
    ...(act ? { act: { userId: Number(act.sub), email: act.email } } : {}),
  };
};

/** Short-lived HS256 access tokens; the secret lives in the database so every instance shares it. */
export const createAccessTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(input: Omit<AccessClaims, 'exp'>, now = Date.now()) {
      const exp = Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        sid: input.sessionId,
        ...(input.act ? { act: { sub: String(input.act.userId), email: input.act.email } } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(input.userId))
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(exp)
        .sign(key);
      return { token, exp };
    },
    /** Valid signature and not expired, else null. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return toClaims(payload);
      } catch {
        return null;
      }
    },
    /** Signature only: logout and revoke must find the session even after the token expired. */
    async verifyIgnoringExpiry(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
        return toClaims(JSON.parse(new TextDecoder().decode(payload)));
      } catch {
        return null;
      }
    },
  };
};

export type AccessTokens = ReturnType<typeof createAccessTokens>;
