import { dialogs } from '@/components/dialogs';
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

/** Opens the form in the main dialog; Cancel and a successful submit close it. */
export function openFormDialog(definition: FormDefinition, options: OpenFormDialogOptions = {}) {
  dialogs.open({
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
  });
}
