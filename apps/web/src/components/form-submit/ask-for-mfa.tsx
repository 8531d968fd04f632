import { MFA_TYPES } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { MfaVerification } from './mfa-dialog';
import { MFA_TEXTS } from './texts';
import type { MfaPrompt, MfaResponse } from './types';
import { MESSAGE_TEXTS } from '@/lib/messages';

export const MFA_DIALOG_ID = 'mfa-verification';

const KNOWN_METHODS: ReadonlySet<string> = new Set(MFA_TYPES);

/**
 * Spec §4/§8 MFA: opens the verification dialog for the challenge's method and resolves the code
 * with the pending check to resubmit, or null when cancelled. A method this console does not
 * know cannot be answered: its message (else 'Failed to connect to server') is a toast.
 */
export function askForMfa(prompt: MfaPrompt): Promise<MfaResponse | null> {
  if (!KNOWN_METHODS.has(prompt.mfa_type)) {
    toast.error(prompt.message || MESSAGE_TEXTS.failedToConnect);
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: MfaResponse | null) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      dialogs.close(MFA_DIALOG_ID);
    };
    dialogs.open({
      id: MFA_DIALOG_ID,
      title: MFA_TEXTS.title,
      size: 'sm',
      minimizable: false,
      content: (
        <MfaVerification
          prompt={prompt}
          onVerify={(code) =>
            settle({
              session_code: code,
              ...(prompt.session_uuid === undefined ? {} : { session_uuid: prompt.session_uuid }),
            })
          }
          onCancel={() => settle(null)}
        />
      ),
      onClose: () => settle(null),
    });
  });
}
