import { MultiSelect, Select } from '@mantine/core';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

/** Options shown at once by a long (searchable) list: typing narrows it to the rest. */
const LONG_LIST_LIMIT = 50;

/** A select of the field's options; with `props.multiple` several are picked, as a list. */
export function SelectField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  const searchable = (field.options?.length ?? 0) > 10;
  const shared = {
    ...fieldChrome(field, api.error, props.bare),
    ref: api.ref,
    name: props.name,
    data: field.options ?? [],
    placeholder: field.placeholder,
    searchable,
    // Hundreds of options (time zones) would all be rendered on every change of the form.
    limit: searchable ? LONG_LIST_LIMIT : undefined,
    ...focusProps(autoFocus),
    onBlur: api.onBlur,
  };
  if (field.props?.multiple === true) {
    const values = Array.isArray(api.value) ? api.value.map(String) : [];
    return <MultiSelect {...shared} value={values} onChange={api.change} />;
  }
  return (
    <Select
      {...shared}
      value={api.value === null || api.value === undefined ? null : String(api.value)}
      clearable={!field.required}
      onChange={api.change}
    />
  );
}
