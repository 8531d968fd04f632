import { Group, Radio } from '@mantine/core';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

export function RadioField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  const { disabled, ...chrome } = fieldChrome(field, api.error, props.bare);
  return (
    <Radio.Group
      {...chrome}
      name={props.name}
      value={api.value === null || api.value === undefined ? null : String(api.value)}
      onChange={api.change}
    >
      <Group gap="md" mt={4}>
        {(field.options ?? []).map((option, index) => (
          <Radio
            key={option.value}
            ref={index === 0 ? api.ref : undefined}
            value={option.value}
            label={option.label}
            disabled={disabled}
            {...focusProps(autoFocus && index === 0)}
            onBlur={api.onBlur}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
