import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Automation } from '@netfleet/contracts';
import { DeviceIdsField } from '@/components/device-ids-field';
import { dialogs, useDialog } from '@/components/dialogs';
import { FormErrorAlert, mapServerErrors, zodResolver } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { assignDevices } from '../api/assign-devices';
import { automationsKeys } from '../api/keys';
import { type DevicePick, useDeviceSearch } from '../api/pickers';
import { assignErrorMap, assignFormSchema, type AssignFormValues } from '../model/assign-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';

const resolver = zodResolver(assignFormSchema, { error: assignErrorMap });

/** Devices picked by name are evaluated by the rule, whatever its tags and companies. */
export function AssignForm({ automation }: { automation: Automation }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [devices, setDevices] = useState<DevicePick[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const form = useForm<AssignFormValues>({ resolver, defaultValues: { devices: [] } });
  const guard = useSubmitGuard();
  const submit = guard(async (values: AssignFormValues) => {
    setErrors([]);
    try {
      await assignDevices(automation.id, values.devices);
      toast.success(T.assigned);
      await queryClient.invalidateQueries({ queryKey: automationsKeys.all });
      dialog?.close();
    } catch (error) {
      // The body is a list of one entry: its `0.devices.3` is the devices field.
      setErrors(
        mapServerErrors(error, ['0.devices'], (_field, message) =>
          form.setError('devices', { type: 'server', message }),
        ),
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        <DeviceIdsField
          control={form.control}
          name="devices"
          useSearch={useDeviceSearch}
          label={T.devices}
          placeholder={T.searchDevices}
          nothingFoundMessage={T.noDevicesFound}
          required
          data-autofocus
          value={devices}
          onChange={setDevices}
        />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {T.assign}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Assigns the rule to devices picked in a dialog. */
export function openAssignDialog(automation: Automation): void {
  dialogs.open({
    id: 'automations.assign',
    title: T.assignTitle(automation.name),
    size: 'lg',
    main: true,
    content: <AssignForm automation={automation} />,
  });
}
