export { EmbeddedField } from './embedded-field';
export { FormRegistryProvider } from './form-registry';
export { GenericFormPage } from './generic-form-page';
export { formDialog, openFormDialog, type OpenFormDialogOptions } from './open-form-dialog';
export { SchemaForm } from './schema-form';
export type {
  BaseAlertOptions,
  FieldComponent,
  FieldDefinition,
  FieldDepends,
  FieldOption,
  FieldType,
  FormDefinition,
  FormValues,
  ItemSelectOptions,
  ListInputOptions,
  SchemaFormProps,
  SelectOptions,
  TableInputOptions,
} from './types';
