import { Button, Group, Stack } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import {
  alertConfigUpdateSchema,
  type AlertConfig,
  type AlertConfigUpdate,
} from '@netfleet/contracts';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { QueryState } from '@/components/query-state';
import { useConfig } from '../api/get-config';
import { deviceAlertsKeys } from '../api/keys';
import { updateConfig } from '../api/save-config';
import type { DeviceRef } from '../model/device-ref';
import { editFormDefaults, editFormFields, type EditFormValues } from '../model/edit-form';
import { formErrorMap } from '../model/form-error-map';
import { pushStatus } from '../model/push-status';
import { DEVICE_ALERTS_TEXTS as T, ITEM } from '../texts';
import { SwitchField, TextField } from './form-inputs';
import { RedundancyFields } from './redundancy-fields';
import { SmtpField } from './smtp-field';

const resolver = zodResolver(alertConfigUpdateSchema, { error: formErrorMap });

interface EditProps {
  device: DeviceRef;
  title: string;
  onDone: () => void;
}

function EditFields({ config, device, title, onDone }: EditProps & { config: AlertConfig }) {
  const form = useForm<EditFormValues, unknown, AlertConfigUpdate>({
    resolver,
    defaultValues: editFormDefaults(config),
  });
  // Only configs with action 1 send an e-mail, so only they have a subject and a mail server.
  const emails = config.email_type;
  const submitter = useFormSubmit<AlertConfigUpdate>({
    request: (body) => updateConfig(config.id, body),
    item: ITEM,
    verb: 'update',
    successMessage: T.updated,
    stayOpen: true,
    invalidate: [deviceAlertsKeys.all],
    actionStatus: pushStatus([device]),
    fields: editFormFields(emails),
    setFieldError: (field, message) =>
      form.setError(field as keyof EditFormValues, { type: 'server', message }),
    onSuccess: onDone,
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}
      >
        <Stack gap="sm">
          <SwitchField name="enable" label={T.enable} description={T.enableHint} />
          {emails && (
            <>
              <SmtpField />
              <TextField name="subject" label={T.subject} />
            </>
          )}
          <TextField name="message" label={T.message} description={T.messageHint} area />
          <RedundancyFields />
          <FormErrorAlert messages={submitter.errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={submitter.state === 'waiting'}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Subject, message, enabled, repeats and mail server of one config (PUT); the rest is fixed. */
export function EditAlertForm({ id, ...props }: EditProps & { id: number }) {
  const result = useConfig(id);
  return (
    <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
      {(config) => <EditFields config={config} {...props} />}
    </QueryState>
  );
}
