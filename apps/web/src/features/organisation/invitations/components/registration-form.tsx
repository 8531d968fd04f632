import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { InvitationDetails } from '@netfleet/contracts';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { useRegisterInvitation } from '../api/register';
import { INVITATIONS_TEXTS as TEXTS } from '../texts';
import {
  registrationBody,
  registrationSchema,
  type RegistrationValues,
} from './registration-schema';

const FIELDS = ['email', 'username', 'password', 'password_confirmation', 'company_name'] as const;

interface RegistrationFormProps {
  token: string;
  invitation: InvitationDetails;
  /** Called once the server has signed the new user in. */
  onRegistered: () => void;
}

export function RegistrationForm({ token, invitation, onRegistered }: RegistrationFormProps) {
  const newCompany = invitation.new_company;
  const registration = useRegisterInvitation();
  const schema = useMemo(() => registrationSchema(newCompany), [newCompany]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: fieldErrors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      email: invitation.email,
      username: '',
      password: '',
      password_confirmation: '',
      company_name: '',
    },
  });
  // Server errors go under their field; one on the password also marks its confirmation.
  const { errors, wrap } = useServerSubmit(FIELDS, setError);

  const submit = wrap(async (values: RegistrationValues) => {
    await registration.mutateAsync({ token, body: registrationBody(values, newCompany) });
    onRegistered();
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <TextInput
          label={TEXTS.email}
          type="email"
          autoComplete="username"
          readOnly
          variant="filled"
          error={fieldErrorProp(fieldErrors.email)}
          {...register('email')}
        />
        {newCompany && (
          <TextInput
            label={TEXTS.companyName}
            required
            autoComplete="organization"
            error={fieldErrorProp(fieldErrors.company_name)}
            {...register('company_name')}
          />
        )}
        <TextInput
          label={TEXTS.username}
          description={TEXTS.usernameHelp}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="nickname"
          error={fieldErrorProp(fieldErrors.username)}
          {...register('username')}
        />
        <PasswordInput
          label={TEXTS.password}
          description={TEXTS.passwordHelp}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="new-password"
          required
          error={fieldErrorProp(fieldErrors.password)}
          {...register('password')}
        />
        <PasswordInput
          label={TEXTS.passwordConfirmation}
          autoComplete="new-password"
          required
          error={fieldErrorProp(fieldErrors.password_confirmation)}
          {...register('password_confirmation')}
        />
        <FormErrorAlert messages={errors} />
        <Button type="submit" fullWidth loading={registration.isPending}>
          {TEXTS.register}
        </Button>
      </Stack>
    </form>
  );
}
