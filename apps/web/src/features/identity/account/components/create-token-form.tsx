import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createTokenBodySchema,
  TOKEN_SCOPE_NAMES,
  tokenScopeSchema,
  type CreateTokenBody,
  type TokenScope,
} from '@netfleet/contracts';
import { FormErrorAlert, splitServerErrors, zodResolver } from '@/components/form-errors';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { ACCOUNT_TEXTS } from '../texts';
import { toDateInputValue } from './access-period';

// The form asks for a day; the body wants an instant. Everything else is the body's own schema.
const createTokenFormSchema = createTokenBodySchema.omit({ expires_at: true }).extend({
  expires_on: z
    .string()
    .refine(
      (value) => value === '' || value > toDateInputValue(new Date()),
      ACCOUNT_TEXTS.expiryPast,
    ),
});
type CreateTokenForm = z.output<typeof createTokenFormSchema>;

const SERVER_FIELDS = ['name', 'scopes', 'expires_at'] as const;

const isTokenScope = (value: string): value is TokenScope =>
  tokenScopeSchema.safeParse(value).success;

function toBody({ expires_on, ...rest }: CreateTokenForm): CreateTokenBody {
  // A token with an expiry day stays valid until the end of that local day.
  if (!expires_on) return rest;
  return { ...rest, expires_at: new Date(`${expires_on}T23:59:59`).toISOString() };
}

interface CreateTokenFormProps {
  pending: boolean;
  /** Resolves when created; rejects with the API failure. */
  onSubmit: (body: CreateTokenBody) => Promise<unknown>;
  onCancel: () => void;
}

export function CreateTokenForm({ pending, onSubmit, onCancel }: CreateTokenFormProps) {
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(createTokenFormSchema),
    defaultValues: { name: '', scopes: [], expires_on: '' },
  });
  const tomorrow = toDateInputValue(new Date(Date.now() + 24 * 60 * 60 * 1000));

  const submit = guard(async (values: CreateTokenForm) => {
    setErrors([]);
    try {
      await onSubmit(toBody(values));
    } catch (error) {
      const { fields, others } = splitServerErrors(error, SERVER_FIELDS);
      if (fields.name) setError('name', { type: 'server', message: fields.name });
      if (fields.scopes) setError('scopes', { type: 'server', message: fields.scopes });
      if (fields.expires_at) setError('expires_on', { type: 'server', message: fields.expires_at });
      setErrors(others);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <TextInput
          label={ACCOUNT_TEXTS.name}
          required
          data-autofocus
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Controller
          name="scopes"
          control={control}
          render={({ field, fieldState }) => (
            <MultiSelect
              label={ACCOUNT_TEXTS.scopes}
              placeholder={ACCOUNT_TEXTS.scopesPlaceholder}
              required
              searchable
              data={TOKEN_SCOPE_NAMES}
              value={field.value}
              onChange={(values) => field.onChange(values.filter(isTokenScope))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          type="date"
          label={ACCOUNT_TEXTS.expiresOn}
          description={ACCOUNT_TEXTS.expiresHelp}
          min={tomorrow}
          error={formState.errors.expires_on?.message}
          {...register('expires_on')}
        />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {ACCOUNT_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {ACCOUNT_TEXTS.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
