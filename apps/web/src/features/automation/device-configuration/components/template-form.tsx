import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { CONFIG_TEMPLATE_NAME_MAX_LENGTH } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { formErrorMap } from '../model/form-error-map';
import { applyTemplateErrors } from '../model/template-errors';
import {
  templateFormSchema,
  type TemplateFormInput,
  type TemplateFormValues,
} from '../model/template-form';
import { CONFIG_TEXTS as T } from '../texts';
import { RequestList } from './request-list';
import { TemplateTargetFields } from './template-target-fields';

const resolver = zodResolver(templateFormSchema, { error: formErrorMap });

interface TemplateFormProps {
  defaultValues: TemplateFormInput;
  /** Creating with view_companies: the owner can be picked, starting from this company. */
  companyPicker?: { id: number; name: string };
  submitLabel: string;
  /** Resolves when saved; rejects with the API failure, whose messages go next to the inputs. */
  onSubmit: (values: TemplateFormValues) => Promise<unknown>;
}

/** A template's owner, name and version, the devices it is for, and its ordered requests. */
export function TemplateForm({
  defaultValues,
  companyPicker,
  submitLabel,
  onSubmit,
}: TemplateFormProps) {
  const dialog = useDialog();
  const form = useForm<TemplateFormInput, unknown, TemplateFormValues>({
    resolver,
    defaultValues,
  });
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();
  const submit = guard(async (values: TemplateFormValues) => {
    setErrors([]);
    try {
      await onSubmit(values);
    } catch (error) {
      setErrors(applyTemplateErrors(error, form.getValues('template'), form.setError));
    }
  });
  const fieldError = (name: 'name' | 'version') => fieldErrorProp(form.formState.errors[name]);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="md">
          {companyPicker && (
            <Controller
              control={form.control}
              name="company_id"
              render={({ field, fieldState }) => (
                <CompanySelect
                  label={T.company}
                  required
                  allowDeselect={false}
                  value={String(field.value)}
                  fallback={{ value: String(companyPicker.id), label: companyPicker.name }}
                  onChange={(id) => {
                    if (id) field.onChange(Number(id));
                  }}
                  error={fieldErrorProp(fieldState.error)}
                />
              )}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              label={T.name}
              required
              data-autofocus
              maxLength={CONFIG_TEMPLATE_NAME_MAX_LENGTH}
              error={fieldError('name')}
              {...form.register('name')}
            />
            <TextInput
              label={T.version}
              required
              placeholder="1.0.0"
              error={fieldError('version')}
              {...form.register('version')}
            />
          </Group>
          <TemplateTargetFields />
          <RequestList />
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
