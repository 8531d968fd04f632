import type { CompanyRow, UserRow } from '@/db/types';

/** A user with everything that decides what they may do. */
export interface Identity {
  user: UserRow;
  company: CompanyRow;
  role: { id: number; name: string; title: string };
  permissions: ReadonlySet<string>;
}

/** The caller of a request, on `request.auth`. */
export interface AuthContext extends Identity {
  /** The person who authenticated; differs from `user` only while impersonating. */
  realUser: UserRow;
  impersonating: boolean;
  via: 'session' | 'token';
  sessionId: string | null;
  tokenId: number | null;
  /** When the credential expires, seconds since the epoch. */
  exp: number;
  /** When the credential was issued, seconds since the epoch (unknown for hand-made contexts). */
  iat?: number;
  /** A personal access token's scopes; absent for sessions, which hold every scope. */
  scopes?: readonly string[];
  /** When the session last re-entered the password (spec §8 423); null for tokens. */
  passwordConfirmedAt: Date | null;
}
