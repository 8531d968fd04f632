// English texts of the submit pipeline's dialogs, shared with the tests.
export const en = {
  mfa: {
    title: 'Two-factor authentication',
    email: 'Enter the code we sent to your e-mail',
    totp: 'Enter the code from your authenticator app',
    code: 'Verification code',
    recoveryCode: 'Recovery code',
    recoveryHelp:
      'One of the recovery codes you saved when you turned on two-factor authentication.',
    recoveryFormat: 'Enter the recovery code as xxxx-xxxx',
    codeRequired: 'Enter the verification code',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use a verification code instead',
    verify: 'Verify',
    cancel: 'Cancel',
  },
  /** A 207 answer's warning: the request succeeded for some items only. */
  partial: {
    /** 'Users moved successfully, except:', then the list. */
    except: (done: string) => `${done.replace(/\.$/, '')}, except:`,
  },
} as const;
