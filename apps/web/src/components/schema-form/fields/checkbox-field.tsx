import { Checkbox } from '@mantine/core';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

export function CheckboxField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  // A checkbox has its own label layout: no wrapper order, no required asterisk.
  const {
    required: _required,
    inputWrapperOrder: _order,
    ...chrome
  } = fieldChrome(field, api.error, props.bare);
  return (
    <Checkbox
      {...chrome}
      ref={api.ref}
      name={props.name}
      checked={api.value === true}
      {...focusProps(autoFocus)}
      onBlur={api.onBlur}
      onChange={(event) => api.change(event.currentTarget.checked)}
    />
  );
}
