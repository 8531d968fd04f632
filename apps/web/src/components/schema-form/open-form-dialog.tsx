import { dialogs, type DialogOptions } from '@/components/dialogs';
import { LoadedSchemaForm } from './loaded-schema-form';
import type { FormDefinition, FormValues } from './types';

export interface OpenFormDialogOptions {
  /** The record an edit form loads (definition.initialValues(id)) and submits to. */
  id?: string;
  /** Starting values; when given, initialValues(id) is not called. */
  initialValues?: FormValues;
  /** Defaults to 'form.<name>', so opening the same form again replaces it. */
  dialogId?: string;
}

/** The form as the main dialog; Cancel and a successful submit close it. */
export function formDialog(
  definition: FormDefinition,
  options: OpenFormDialogOptions = {},
): DialogOptions {
  return {
    id: options.dialogId ?? `form.${definition.name}`,
    title: definition.title,
    helpUrl: definition.helpUrl,
    main: true,
    content: (
      <LoadedSchemaForm
        definition={definition}
        id={options.id}
        initialValues={options.initialValues}
      />
    ),
  };
}

export function openFormDialog(definition: FormDefinition, options: OpenFormDialogOptions = {}) {
  dialogs.open(formDialog(definition, options));
}
