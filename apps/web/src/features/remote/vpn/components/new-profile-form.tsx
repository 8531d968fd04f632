import { SegmentedControl, Stack } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { VpnProfile } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { createProfile } from '../api/quick-connect';
import { DEFAULT_PROFILE_LIFETIME } from '../model/durations';
import { formErrorMap } from '../model/form-error-map';
import {
  profileBody,
  profileFormSchema,
  type ProfileFormInput,
  type ProfileFormValues,
  type ProfileOwner,
} from '../model/profile-form';
import { VPN_TEXTS as T } from '../texts';
import { openVpnProfile } from './config-dialog';
import { FormFooter } from './form-footer';
import { LifetimeSelect } from './lifetime-select';
import { UsernameInput } from './username-input';

const resolver = zodResolver(profileFormSchema, { error: formErrorMap });
const FIELDS = ['username', 'expires_in'] as const;
const OWNERS = [
  { value: 'me', label: T.createForMe },
  { value: 'custom', label: T.createCustom },
];

/** A new quick connect profile; once made it opens with its QR code and download. */
function NewProfileForm({ hubId, owner }: { hubId: number; owner: ProfileOwner }) {
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver,
    defaultValues: { owner, username: '', expires_in: Number(DEFAULT_PROFILE_LIFETIME) },
  });
  const chosen = useWatch({ control: form.control, name: 'owner' });
  const made = useRef<VpnProfile | null>(null);
  const submitter = useFormSubmit<ProfileFormValues>({
    request: async (values) => {
      const answer = await createProfile(hubId, profileBody(values));
      made.current = answer.data;
      return answer;
    },
    successMessage: T.profileCreated,
    actionStatus: false,
    invalidate: [vpnKeys.hub(hubId), vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = FIELDS.find((name) => name === source);
      if (field) form.setError(field, { type: 'server', message });
    },
    onSuccess: () => {
      if (made.current) openVpnProfile(made.current);
    },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="owner"
          render={({ field }) => (
            <SegmentedControl
              aria-label={T.profiles}
              data={OWNERS}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {chosen === 'custom' && (
          <UsernameInput
            error={fieldErrorProp(form.formState.errors.username)}
            {...form.register('username')}
          />
        )}
        <Controller
          control={form.control}
          name="expires_in"
          render={({ field, fieldState }) => (
            <LifetimeSelect
              value={field.value}
              onChange={field.onChange}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <FormFooter
          errors={submitter.errors}
          submitLabel={T.createProfile}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}

export function newProfileDialog(hubId: number, owner: ProfileOwner): DialogOptions {
  return {
    id: 'vpn.new-profile',
    title: T.newProfileTitle,
    size: 'sm',
    main: true,
    content: <NewProfileForm hubId={hubId} owner={owner} />,
  };
}

export const openNewProfile = (hubId: number, owner: ProfileOwner) =>
  dialogs.open(newProfileDialog(hubId, owner));
