import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import {
  MONITORING_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  MONITORING_TEMPLATE_NAME_MAX_LENGTH,
} from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { FormErrorAlert, useServerSubmit, zodResolver } from '@/components/form-errors';
import {
  templateFormSchema,
  type TemplateFormInput,
  type TemplateFormValues,
} from '../template-form-schema';
import { TEMPLATE_TEXTS } from '../texts';
import { ParametersTable } from './parameters-table';

const FIELDS = ['name', 'description', 'parameters'] as const;
// A company error shows under the picker, or in the alert when there is none.
const FIELDS_WITH_COMPANY = ['company_id', ...FIELDS] as const;

interface TemplateFormProps {
  defaultValues: TemplateFormInput;
  /** Creating with view_companies: the owner can be picked, starting from this company. */
  companyPicker?: { id: number; name: string };
  /** Resolves when saved; rejects with the API failure, whose messages go next to the fields. */
  onSubmit: (values: TemplateFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function TemplateForm({
  defaultValues,
  companyPicker,
  onSubmit,
  onCancel,
}: TemplateFormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm<
    TemplateFormInput,
    unknown,
    TemplateFormValues
  >({ resolver: zodResolver(templateFormSchema), defaultValues });
  const { errors, wrap } = useServerSubmit(companyPicker ? FIELDS_WITH_COMPANY : FIELDS, setError);
  const submit = wrap(async (values: TemplateFormValues) => {
    await onSubmit(values);
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md" maw={960}>
        {companyPicker && (
          <Controller
            name="company_id"
            control={control}
            render={({ field, fieldState }) => (
              <CompanySelect
                label={TEMPLATE_TEXTS.company}
                required
                allowDeselect={false}
                value={String(field.value)}
                fallback={{ value: String(companyPicker.id), label: companyPicker.name }}
                onChange={(id) => id && field.onChange(Number(id))}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <TextInput
          label={TEMPLATE_TEXTS.name}
          required
          data-autofocus
          maxLength={MONITORING_TEMPLATE_NAME_MAX_LENGTH}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Textarea
          label={TEMPLATE_TEXTS.description}
          autosize
          minRows={2}
          maxLength={MONITORING_TEMPLATE_DESCRIPTION_MAX_LENGTH}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <ParametersTable control={control} error={formState.errors.parameters?.message} />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {TEMPLATE_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {TEMPLATE_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
