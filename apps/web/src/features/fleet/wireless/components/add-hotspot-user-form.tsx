import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { hotspotUserBodySchema, type HotspotUserBody } from '@netfleet/contracts';
import { FormErrorAlert, useServerSubmit, zodResolver } from '@/components/form-errors';
import { useAddHotspotUser } from '../api/add-hotspot-user';
import { HOTSPOT_USER_TEXTS } from '../texts';
import type { HotspotTarget } from './hotspot-users-list';

const SERVER_FIELDS = ['username', 'password'] as const;

interface AddHotspotUserFormProps {
  hotspot: HotspotTarget;
  /** The device accepted the job: its status channel. */
  onAdded: (channel: string) => void;
}

/** Username and password; the API's field errors go under their fields, the rest above the button. */
export function AddHotspotUserForm({ hotspot, onAdded }: AddHotspotUserFormProps) {
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(hotspotUserBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const { mutateAsync, isPending } = useAddHotspotUser();

  const submit = wrap(async (body: HotspotUserBody) => {
    const channel = await mutateAsync({ hotspot, body });
    reset();
    onAdded(channel);
  });

  return (
    <form
      noValidate
      aria-label={HOTSPOT_USER_TEXTS.add}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <Stack gap="xs">
        <Group align="flex-start" grow>
          <TextInput
            label={HOTSPOT_USER_TEXTS.username}
            required
            maxLength={64}
            autoComplete="off"
            error={formState.errors.username?.message}
            {...register('username')}
          />
          <PasswordInput
            label={HOTSPOT_USER_TEXTS.password}
            required
            maxLength={64}
            autoComplete="new-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
        </Group>
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending}>
            {HOTSPOT_USER_TEXTS.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
