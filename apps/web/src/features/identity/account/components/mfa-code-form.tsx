import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MFA_CODE_LENGTH, mfaCodeSchema, recoveryCodesSchema } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import type { ApiResponse } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { mfaStatusKey } from '../api/get-mfa-status';
import { MFA_SETUP_TEXTS } from '../texts';

const codeFormSchema = z.object({ code: mfaCodeSchema });
type CodeForm = z.infer<typeof codeFormSchema>;

interface MfaCodeFormProps {
  /** Checks the code with the server; the answer carries the recovery codes. */
  verify: (code: string) => Promise<ApiResponse<unknown>>;
  onVerified: (recoveryCodes: string[]) => void;
  /** More actions next to Cancel (e-mail: send a new code). */
  actions?: ReactNode;
}

/** The 6-digit code that proves a new method works; a refused one shows the server's message. */
export function MfaCodeForm({ verify, onVerified, actions }: MfaCodeFormProps) {
  const dialog = useDialog();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: fieldErrors },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const { submit, state, errors } = useFormSubmit<CodeForm>({
    request: ({ code }) => verify(code),
    fields: ['code'],
    setFieldError: (field, message) => {
      if (field === 'code') setError('code', { type: 'server', message });
    },
    successMessage: MFA_SETUP_TEXTS.enabled,
    // The dialog goes on to the recovery codes.
    stayOpen: true,
    invalidate: [mfaStatusKey, currentUserQueryKey],
    onSuccess: (response) => {
      const parsed = recoveryCodesSchema.safeParse(response.data);
      onVerified(parsed.success ? parsed.data.recovery_codes : []);
    },
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <TextInput
          label={MFA_SETUP_TEXTS.code}
          required
          data-autofocus
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={MFA_CODE_LENGTH}
          error={fieldErrors.code?.message}
          {...register('code')}
        />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          {actions}
          <Button variant="default" onClick={dialog?.close}>
            {MFA_SETUP_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={state === 'waiting'}>
            {MFA_SETUP_TEXTS.verify}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
