import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MFA_CODE_LENGTH, mfaCodeSchema, RECOVERY_CODE_PATTERN } from '@netfleet/contracts';
import { translateValidation } from '@/lib/messages/validation';
import { MFA_TEXTS } from './texts';
import type { MfaPrompt } from './types';

/** Methods whose code is the six digits of an e-mail or an authenticator app. */
const DIGIT_METHODS: ReadonlySet<string> = new Set(['email', 'totp']);

function instructionOf(prompt: MfaPrompt): string | undefined {
  if (prompt.mfa_type === 'email') return MFA_TEXTS.email;
  if (prompt.mfa_type === 'totp') return MFA_TEXTS.totp;
  // An id-based method (teltonika_id): the server says what to do.
  return prompt.message;
}

/** The code is checked here only for its shape; the server says whether it is right. */
function checkCode(code: string, recovery: boolean, digits: boolean): string | null {
  if (code === '') return recovery ? MFA_TEXTS.recoveryFormat : MFA_TEXTS.codeRequired;
  if (recovery) return RECOVERY_CODE_PATTERN.test(code) ? null : MFA_TEXTS.recoveryFormat;
  if (!digits) return null;
  const parsed = mfaCodeSchema.safeParse(code);
  const message = parsed.error?.issues[0]?.message;
  return parsed.success ? null : message ? translateValidation(message) : MFA_TEXTS.codeRequired;
}

interface MfaVerificationProps {
  prompt: MfaPrompt;
  onVerify: (code: string) => void;
  onCancel: () => void;
}

/** Spec §4 MFA: asks for the code of the user's method; a refused one comes back emptied. */
export function MfaVerification({ prompt, onVerify, onCancel }: MfaVerificationProps) {
  const digits = DIGIT_METHODS.has(prompt.mfa_type);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(
    prompt.error == null ? null : translateValidation(prompt.error),
  );
  const instruction = instructionOf(prompt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = recovery ? code.trim().toLowerCase() : code.trim();
    const problem = checkCode(value, recovery, digits);
    if (problem) setError(problem);
    else onVerify(value);
  };

  const switchMode = () => {
    setRecovery((current) => !current);
    setCode('');
    setError(null);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {instruction && <Text size="sm">{recovery ? MFA_TEXTS.recoveryHelp : instruction}</Text>}
        <TextInput
          // A new key per mode: the browser must not offer the digits for the recovery code.
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? MFA_TEXTS.recoveryCode : MFA_TEXTS.code}
          required
          data-autofocus
          autoFocus
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={digits && !recovery ? 'numeric' : undefined}
          maxLength={digits && !recovery ? MFA_CODE_LENGTH : 64}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
        />
        {digits && (
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {recovery ? MFA_TEXTS.useCode : MFA_TEXTS.useRecovery}
          </Anchor>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {MFA_TEXTS.cancel}
          </Button>
          <Button type="submit">{MFA_TEXTS.verify}</Button>
        </Group>
      </Stack>
    </form>
  );
}
