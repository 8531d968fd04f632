import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DEVICE_DASHBOARD_DEFAULT_RANGE,
  DEVICE_DASHBOARD_DESCRIPTION_MAX_LENGTH,
  DEVICE_DASHBOARD_NAME_MAX_LENGTH,
  type DeviceDashboard,
  deviceDashboardDescriptionSchema,
  deviceDashboardNameSchema,
  deviceDashboardRangeSchema,
} from '@netfleet/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { useDialog } from '@/components/dialogs';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { useCreateDashboard, useUpdateDashboard } from '../api/save-dashboard';
import { RANGE_OPTIONS, isRange } from '../model/ranges';
import { DASHBOARD_TEXTS as T } from '../texts';

const formSchema = z.object({
  name: deviceDashboardNameSchema,
  description: deviceDashboardDescriptionSchema,
  range: deviceDashboardRangeSchema,
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['name', 'description', 'range'] as const;

export interface DashboardFormProps {
  deviceId: number;
  /** The dashboard edited; none: a new one. */
  dashboard?: DeviceDashboard | undefined;
  /** After a new dashboard is created (the list opens it). */
  onCreated?: ((dashboard: DeviceDashboard) => void) | undefined;
}

/** A dashboard's name, description and period: a new dashboard or changes to one. */
export function DashboardForm({ deviceId, dashboard, onCreated }: DashboardFormProps) {
  const dialog = useDialog();
  const create = useCreateDashboard(deviceId);
  const update = useUpdateDashboard(deviceId);
  const { register, handleSubmit, setError, control, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: dashboard?.name ?? '',
      description: dashboard?.description ?? '',
      range: dashboard?.range ?? DEVICE_DASHBOARD_DEFAULT_RANGE,
    },
  });
  const { errors, wrap } = useServerSubmit(FIELDS, setError);

  const submit = wrap(async (values: FormValues) => {
    if (dashboard) {
      await update.mutateAsync({ id: dashboard.id, body: values });
      toast.success(T.updated);
      dialog?.close();
      return;
    }
    const created = await create.mutateAsync(values);
    toast.success(T.created);
    dialog?.close();
    onCreated?.(created);
  });

  return (
    <form
      noValidate
      aria-label={dashboard ? T.editTitle : T.createTitle}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <Stack gap="md">
        <TextInput
          label={T.name}
          required
          maxLength={DEVICE_DASHBOARD_NAME_MAX_LENGTH}
          error={fieldErrorProp(formState.errors.name)}
          data-autofocus
          {...register('name')}
        />
        <Textarea
          label={T.description}
          autosize
          minRows={2}
          maxLength={DEVICE_DASHBOARD_DESCRIPTION_MAX_LENGTH}
          error={fieldErrorProp(formState.errors.description)}
          {...register('description')}
        />
        <Controller
          control={control}
          name="range"
          render={({ field }) => (
            <Select
              label={T.range}
              data={RANGE_OPTIONS}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => isRange(value) && field.onChange(value)}
              error={fieldErrorProp(formState.errors.range)}
            />
          )}
        />
        <FormErrorAlert messages={errors} />
        <DialogFormFooter
          submitLabel={dashboard ? T.save : T.createButton}
          pending={create.isPending || update.isPending}
          onCancel={() => dialog?.close()}
        />
      </Stack>
    </form>
  );
}
