import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  configActionAnswerSchema,
  templateRequests,
  useConfigTemplateBodySchema,
  type ConfigTemplate,
  type UseConfigTemplateBody,
} from '@netfleet/contracts';
import { confirmDialog, useDialog } from '@/components/dialogs';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { applyTemplate } from '../api/apply-template';
import { DeviceIdsField } from '@/components/device-ids-field';
import { type DevicePick, useDeviceSearch } from '../api/get-devices';
import { deviceConfigurationKeys } from '../api/keys';
import { misfitsOf, nameDevices } from '../model/apply-checks';
import { formErrorMap } from '../model/form-error-map';
import { templateTargetText } from '../model/template-range';
import { actionLink } from '../paths';
import { CONFIG_TEXTS as T } from '../texts';

const resolver = zodResolver(useConfigTemplateBodySchema, { error: formErrorMap });

/**
 * The devices to apply the template to; those its model and firmware range leave out are named
 * before anything is sent. Asks to confirm, then shows the new action on the activity tab.
 */
export function ApplyForm({
  template,
  initialDevices = [],
}: {
  template: ConfigTemplate;
  /** Devices chosen before (the devices list's selection). */
  initialDevices?: readonly DevicePick[];
}) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [devices, setDevices] = useState<DevicePick[]>([...initialDevices]);
  const form = useForm<UseConfigTemplateBody>({
    resolver,
    defaultValues: { device_id: initialDevices.map((device) => device.id) },
  });
  const requests = templateRequests(template).length;
  const misfits = misfitsOf(template, devices);
  const submitter = useFormSubmit<UseConfigTemplateBody>({
    request: async (body) => {
      try {
        return await applyTemplate(template.id, body);
      } catch (error) {
        throw nameDevices(error, body.device_id, new Map(devices.map((d) => [d.id, d.name])));
      }
    },
    successMessage: T.applied,
    invalidate: [deviceConfigurationKeys.all],
    // The action's own view follows every device; the generic status dialog would repeat it.
    actionStatus: false,
    fields: ['device_id'],
    setFieldError: (_field, message) => form.setError('device_id', { type: 'server', message }),
    onSuccess: (response) =>
      void navigate(actionLink(configActionAnswerSchema.parse(response).meta.action_name)),
  });

  const send = async (values: UseConfigTemplateBody) => {
    if (misfits.length > 0) {
      form.setError('device_id', { type: 'misfit', message: T.removeMisfits });
      return;
    }
    const confirmed = await confirmDialog({
      title: T.applyConfirmTitle,
      message: T.applyConfirm(template.name, template.version, requests, values.device_id.length),
      confirmText: T.applyButton,
    });
    if (confirmed) await submitter.submit(values);
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
      <Stack gap="md">
        <Text size="sm">
          <Text span c="dimmed">
            {`${T.templateFor}: `}
          </Text>
          {`${templateTargetText(template)} · ${T.requestCount(requests)}`}
        </Text>
        <DeviceIdsField
          control={form.control}
          name="device_id"
          useSearch={useDeviceSearch}
          label={T.devices}
          placeholder={T.searchDevices}
          nothingFoundMessage={T.noDevices}
          required
          data-autofocus
          value={devices}
          onChange={setDevices}
        />
        {misfits.length > 0 && (
          <Alert color="yellow" variant="light" title={T.misfitsTitle}>
            <List size="sm">
              {misfits.map(({ device, reason }) => (
                <List.Item key={device.id}>{T.misfit(device.name, reason)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <FormErrorAlert messages={submitter.errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={submitter.state === 'waiting'}>
            {T.applyButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
