import { Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { hasPermission, updateVpnHubBodySchema, type VpnHub } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { useCurrentUser } from '@/lib/current-user';
import { vpnKeys } from '../api/keys';
import { updateHub } from '../api/save-hub';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';
import { HubTagsSelect } from './hub-tags-select';
import { HubDescriptionInput, HubNameInput } from './hub-text-inputs';

// The dialog shows every field the update takes, so each is sent.
const schema = updateVpnHubBodySchema.required();
type Input = z.input<typeof schema>;
type Values = z.output<typeof schema>;

const resolver = zodResolver(schema, { error: formErrorMap });
const FIELDS = ['name', 'description', 'tag_id'] as const;

type EditTarget = Pick<VpnHub, 'id' | 'name' | 'description' | 'company_id' | 'tags'>;

/** PUT /vpn/hubs/{id}: the hub's name, description and tags (of its company). */
function EditHubForm({ hub }: { hub: EditTarget }) {
  const { permissions } = useCurrentUser();
  // Without view_tags the tags are neither shown nor sent: the hub keeps them.
  const withTags = hasPermission(permissions, 'view_tags');
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: {
      name: hub.name,
      description: hub.description,
      tag_id: hub.tags.map((tag) => tag.id),
    },
  });
  const submitter = useFormSubmit<Values>({
    request: ({ tag_id, ...values }) =>
      updateHub(hub.id, withTags ? { ...values, tag_id } : values),
    successMessage: T.hubUpdated,
    actionStatus: false,
    invalidate: [vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = FIELDS.find((name) => name === source);
      if (field) form.setError(field, { type: 'server', message });
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <HubNameInput
          data-autofocus
          error={fieldErrorProp(errors.name)}
          {...form.register('name')}
        />
        <HubDescriptionInput
          error={fieldErrorProp(errors.description)}
          {...form.register('description')}
        />
        {withTags && (
          <Controller
            control={form.control}
            name="tag_id"
            render={({ field, fieldState }) => (
              <HubTagsSelect
                companyId={hub.company_id}
                value={field.value}
                onChange={field.onChange}
                known={hub.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        )}
        <FormFooter
          errors={submitter.errors}
          submitLabel={T.save}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}

/** The hub's name, description and tags, from its page. */
export function editHubDialog(hub: EditTarget): DialogOptions {
  return {
    id: 'vpn.edit-hub',
    title: T.editHubTitle,
    subtitle: hub.name,
    size: 'md',
    main: true,
    content: <EditHubForm hub={hub} />,
  };
}

export const openEditHub = (hub: EditTarget) => dialogs.open(editHubDialog(hub));
