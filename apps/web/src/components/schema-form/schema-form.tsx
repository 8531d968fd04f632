// Renders a FormDefinition: the visible fields, their validation, and the submit through the
// shared pipeline (spec §4 Form submit), after `beforeSubmit` had its say and `confirm`'s question
// was answered.
import { Button, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { confirmDialog, useDialog } from '@/components/dialogs';
import { FormErrorAlert } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { sendForm } from './request';
import { schemaResolver } from './rules';
import { SchemaField } from './schema-field';
import { SchemaFormContext } from './schema-form-context';
import { tableCellSources } from './table-errors';
import { SCHEMA_FORM_TEXTS } from './texts';
import type { FieldDefinition, FormValues, SchemaFormProps } from './types';
import { useDropHiddenValues } from './use-hidden-values';
import { hasValue, payloadOf, startValues, visibleFields } from './values';

// Alerts and tables have no single input to focus.
const canAutoFocus = (field: FieldDefinition): boolean =>
  !field.disabled && field.component !== 'BaseAlert' && field.component !== 'TableInput';

export function SchemaForm({
  definition,
  id,
  initialValues,
  onCancel,
  onSuccess,
}: SchemaFormProps) {
  const { fields } = definition;
  const { permissions } = useCurrentUser();
  const dialog = useDialog();
  const [initial] = useState(() => startValues(fields, initialValues));
  const resolver = useMemo(() => schemaResolver(fields, permissions), [fields, permissions]);
  const form = useForm<FormValues>({ defaultValues: initial, resolver });
  const values = useWatch({ control: form.control }) as FormValues;
  const shown = visibleFields(fields, values, permissions);
  useDropHiddenValues(form, fields, shown);
  const context = useMemo(
    () => ({ fieldsByKey: new Map(fields.map((field) => [field.key, field])) }),
    [fields],
  );

  const cells = tableCellSources(shown, values);

  const submitter = useFormSubmit<FormValues>({
    request: (payload, mfa) => sendForm(definition, payload, id, mfa),
    item: definition.item,
    verb: definition.verb,
    successMessage: definition.successMessage,
    describeSource: definition.describeSource,
    stayOpen: definition.stayOpen,
    invalidate: definition.invalidate,
    onSuccess: (response) => {
      definition.onSuccess?.(response);
      onSuccess?.(response);
    },
    fields: [...shown.filter(hasValue).map((field) => field.key), ...cells.keys()],
    setFieldError: (field, message) =>
      form.setError(cells.get(field) ?? field, { type: 'server', message }),
  });

  const submit = async (current: FormValues) => {
    const payload = payloadOf(fields, current, permissions);
    const refusal = definition.beforeSubmit?.(payload, initial);
    if (refusal) {
      toast.warning(refusal);
      return;
    }
    const question = definition.confirm?.(payload);
    if (question && !(await confirmDialog({ message: question }))) return;
    await submitter.submit(payload);
  };

  const cancel = onCancel ?? dialog?.close;
  const focusKey = shown.find(canAutoFocus)?.key;

  return (
    <FormProvider {...form}>
      <SchemaFormContext.Provider value={context}>
        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <Stack gap="md">
            {shown.map((field) => (
              <SchemaField
                key={field.key}
                field={field}
                name={field.key}
                autoFocus={field.key === focusKey}
              />
            ))}
            <FormErrorAlert messages={submitter.errors} />
            <Group justify="flex-end">
              {cancel && (
                <Button variant="default" onClick={cancel}>
                  {SCHEMA_FORM_TEXTS.cancel}
                </Button>
              )}
              <Button type="submit" loading={submitter.state === 'waiting'}>
                {definition.submitLabel ?? SCHEMA_FORM_TEXTS.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </SchemaFormContext.Provider>
    </FormProvider>
  );
}
