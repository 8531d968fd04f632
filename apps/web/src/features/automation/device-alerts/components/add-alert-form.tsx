import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import type { AlertConfigAddData } from '@netfleet/contracts';
import { FormErrorAlert } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { useCurrentUser } from '@/lib/current-user';
import { deviceAlertsKeys } from '../api/keys';
import { addConfigs } from '../api/save-config';
import {
  addFormDefaults,
  addFormFields,
  addFormResolver,
  type AddFormValues,
} from '../model/add-form';
import type { DeviceRef } from '../model/device-ref';
import { pushStatus } from '../model/push-status';
import { inputOfSource, itemSources, nameDeviceErrors } from '../model/server-errors';
import { DEVICE_ALERTS_TEXTS as T, ITEM } from '../texts';
import { AlertTypeFields } from './alert-type-fields';
import { NotifyFields } from './notify-fields';
import { ParameterFields } from './parameter-fields';
import { RedundancyFields } from './redundancy-fields';

interface AddAlertFormProps {
  devices: readonly DeviceRef[];
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * One new alert for every device of the dialog (one body item each, so each device gets its whole
 * set as one job). The answer's channel opens the live 'Action status' of those jobs.
 */
export function AddAlertForm({ devices, onDone, onCancel }: AddAlertFormProps) {
  const { email } = useCurrentUser();
  const resolver = useMemo(() => addFormResolver(devices[0]?.id ?? 0), [devices]);
  const form = useForm<AddFormValues, unknown, AlertConfigAddData>({
    resolver,
    defaultValues: addFormDefaults(email),
  });
  const [alert_type_id, alert_subtype_id, action] = useWatch({
    control: form.control,
    name: ['alert_type_id', 'alert_subtype_id', 'action'],
  });
  const submitter = useFormSubmit<AlertConfigAddData>({
    request: (item) =>
      addConfigs({ data: devices.map((device) => ({ ...item, device_id: device.id })) }).catch(
        (error: unknown) => {
          throw nameDeviceErrors(error, devices);
        },
      ),
    item: ITEM,
    verb: 'create',
    successMessage: T.created,
    stayOpen: true,
    invalidate: [deviceAlertsKeys.all],
    actionStatus: pushStatus(devices),
    fields: itemSources(addFormFields({ alert_type_id, alert_subtype_id, action })),
    setFieldError: (source, message) =>
      form.setError(inputOfSource(source) as Path<AddFormValues>, { type: 'server', message }),
    onSuccess: onDone,
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={T.addTitle}
        onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}
      >
        <Stack gap="sm">
          {devices.length > 1 && (
            <Text size="sm" c="dimmed">
              {T.addsTo(devices.length)}
            </Text>
          )}
          <AlertTypeFields />
          <ParameterFields />
          <Divider />
          <NotifyFields />
          <RedundancyFields />
          <FormErrorAlert messages={submitter.errors} />
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {T.cancel}
              </Button>
            )}
            <Button type="submit" loading={submitter.state === 'waiting'}>
              {T.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
