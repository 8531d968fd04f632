import { isApiError } from '@/lib/api-client';
import { askForMfa } from './ask-for-mfa';
import { mfaChallengeOf } from './mfa-challenge';
import type { MfaResponse } from './types';

export type MfaOutcome<T> = { kind: 'done'; value: T } | { kind: 'cancelled' };

/**
 * Spec §4/§8 MFA: sends, and while the answer is MFA_REQUIRED asks for the code (askForMfa) and
 * sends again with it; a refused code is asked for again with the server's message. Resolves
 * 'cancelled' when the user gives up. Any other failure rejects, and so does an MFA_REQUIRED that
 * cannot be answered: a method this console does not know, or a pending check that died (too many
 * wrong codes: it comes back without its uuid and the next plain submit starts a fresh one).
 */
export async function sendWithMfa<T>(
  send: (mfa?: MfaResponse) => Promise<T>,
): Promise<MfaOutcome<T>> {
  let mfa: MfaResponse | undefined;
  for (;;) {
    try {
      return { kind: 'done', value: await send(mfa) };
    } catch (error) {
      const challenge = mfaChallengeOf(error);
      const dead = mfa?.session_uuid !== undefined && challenge?.session_uuid === undefined;
      if (!challenge || dead || !isApiError(error)) throw error;
      const answer = await askForMfa({
        ...challenge,
        message: error.message,
        ...(mfa ? { error: error.message } : {}),
      });
      if (!answer) return { kind: 'cancelled' };
      mfa = answer;
    }
  }
}
