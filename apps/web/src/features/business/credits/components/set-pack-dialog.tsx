import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { hasPermission, type DataPackChoice } from '@netfleet/contracts';
import { useDialog, type DialogOptions } from '@/components/dialogs';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { useCreditSummary } from '../api/get-credit-summary';
import { creditsKeys } from '../api/keys';
import { setDataPack } from '../api/set-data-pack';
import {
  companyOf,
  creditsLeft,
  packChoiceSchema,
  packErrors,
  packTypesFor,
  type PackDevice,
} from '../model/set-pack';
import { CREDIT_TEXTS as T } from '../texts';

const resolver = zodResolver(packChoiceSchema);

export interface SetPackDialogProps {
  devices: readonly PackDevice[];
  /** Called once packs were set, so the opener reads its devices again. */
  onDone?: () => void;
}

/**
 * Spec "set pack": the data pack type to spend, with what the devices' company has left of each
 * (when they are of one company and the user sees its summary), and what it costs.
 */
export function SetPackForm({ devices, onDone }: SetPackDialogProps) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const { permissions } = useCurrentUser();
  const types = useMemo(
    () => packTypesFor(hasPermission(permissions, 'super_admin')),
    [permissions],
  );
  const companyId = companyOf(devices);
  const summary = useCreditSummary(
    companyId,
    companyId !== null && hasPermission(permissions, 'view_credits_summary'),
  );
  const options = types.map((type) => {
    const left = creditsLeft(summary.data, type.id);
    return {
      value: String(type.id),
      label: left === null ? type.title : `${type.title} (${T.packsLeft(left)})`,
    };
  });
  const [only] = types;
  const form = useForm<DataPackChoice>({
    resolver,
    // Everyone but a super admin has one type to choose: it is chosen.
    defaultValues: types.length === 1 && only ? { credit_type_id: only.id } : {},
  });
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();

  const submit = guard(async ({ credit_type_id }: DataPackChoice) => {
    setErrors([]);
    try {
      await setDataPack(credit_type_id, devices);
    } catch (error) {
      const { type, others } = packErrors(error, devices);
      if (type !== null) form.setError('credit_type_id', { type: 'server', message: type });
      setErrors(others);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    onDone?.();
    // Several devices: the 'Action status' dialog tells each one's outcome.
    if (devices.length === 1) toast.success(T.packSet);
    dialog?.close();
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Controller
          name="credit_type_id"
          control={form.control}
          render={({ field, fieldState }) => (
            <Select
              label={T.dataPackType}
              required
              data-autofocus
              data={options}
              allowDeselect={false}
              value={field.value === undefined ? null : String(field.value)}
              onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {/* A note, not an alert: the form's errors are the alerts. */}
        <Alert color="yellow" variant="light" role="note">
          {T.spendConfirm}
        </Alert>
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {T.setPack}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The dialog as the main one; the app layer registers it as 'device-actions.set-pack', which the
 * devices list opens for its rows and the device page for its device.
 */
export function setPackDialog(props: SetPackDialogProps): DialogOptions {
  return {
    id: 'device-actions.set-pack',
    title: T.setPack,
    subtitle: T.packDevices(props.devices.length),
    main: true,
    content: <SetPackForm {...props} />,
  };
}
