import { Select } from '@mantine/core';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

export function SelectField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  return (
    <Select
      {...fieldChrome(field, api.error, props.bare)}
      ref={api.ref}
      name={props.name}
      data={field.options ?? []}
      value={api.value === null || api.value === undefined ? null : String(api.value)}
      placeholder={field.placeholder}
      clearable={!field.required}
      searchable={(field.options?.length ?? 0) > 10}
      {...focusProps(autoFocus)}
      onBlur={api.onBlur}
      onChange={api.change}
    />
  );
}
