import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { hasPermission, TASK_GROUP_NAME_MAX_LENGTH } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useCurrentUser } from '@/lib/current-user';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { formErrorMap } from '../model/form-error-map';
import { applyTaskGroupErrors } from '../model/task-group-errors';
import {
  taskGroupFormSchema,
  type TaskGroupFormInput,
  type TaskGroupFormValues,
} from '../model/task-group-form';
import { TASK_TEXTS as T } from '../texts';
import { StepList } from './step-list';
import { TagPickers } from './tag-pickers';

const resolver = zodResolver(taskGroupFormSchema, { error: formErrorMap });

interface TaskGroupFormProps {
  defaultValues: TaskGroupFormInput;
  /** Creating with view_companies: the owner can be picked, starting from this company. */
  companyPicker?: { id: number; name: string };
  submitLabel: string;
  /** Resolves when saved; rejects with the API failure, whose messages go next to the inputs. */
  onSubmit: (values: TaskGroupFormValues) => Promise<unknown>;
}

/** A task group's name, owner, result tags and ordered steps. */
export function TaskGroupForm({
  defaultValues,
  companyPicker,
  submitLabel,
  onSubmit,
}: TaskGroupFormProps) {
  const dialog = useDialog();
  const { permissions } = useCurrentUser();
  const form = useForm<TaskGroupFormInput, unknown, TaskGroupFormValues>({
    resolver,
    defaultValues,
  });
  const companyId = useWatch({ control: form.control, name: 'company_id' });
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();
  const submit = guard(async (values: TaskGroupFormValues) => {
    setErrors([]);
    try {
      await onSubmit(values);
    } catch (error) {
      setErrors(applyTaskGroupErrors(error, values.tasks.length, form.setError));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="md">
          <TextInput
            label={T.name}
            required
            data-autofocus
            maxLength={TASK_GROUP_NAME_MAX_LENGTH}
            error={fieldErrorProp(form.formState.errors.name)}
            {...form.register('name')}
          />
          {companyPicker && (
            <Controller
              control={form.control}
              name="company_id"
              render={({ field, fieldState }) => (
                <CompanySelect
                  label={T.company}
                  required
                  allowDeselect={false}
                  value={field.value === undefined ? null : String(field.value)}
                  fallback={{ value: String(companyPicker.id), label: companyPicker.name }}
                  onChange={(id) => {
                    if (!id) return;
                    field.onChange(Number(id));
                    // Tags belong to a company: another owner cannot keep the old ones.
                    form.setValue('success_tag_id', []);
                    form.setValue('failed_tag_id', []);
                  }}
                  error={fieldErrorProp(fieldState.error)}
                />
              )}
            />
          )}
          {hasPermission(permissions, 'view_tags') && companyId !== undefined && (
            <TagPickers companyId={companyId} />
          )}
          <StepList />
          <FormErrorAlert messages={errors} />
          <Group justify="flex-end">
            {dialog && (
              <Button variant="default" onClick={dialog.close}>
                {T.cancel}
              </Button>
            )}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
