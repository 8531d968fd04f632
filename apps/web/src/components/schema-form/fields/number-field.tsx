import { NumberInput } from '@mantine/core';
import { addonSection, fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

const decimalsOf = (step: number | undefined): number =>
  step === undefined ? 0 : (String(step).split('.')[1]?.length ?? 0);

export function NumberField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  const value = typeof api.value === 'number' || typeof api.value === 'string' ? api.value : '';
  return (
    <NumberInput
      {...fieldChrome(field, api.error, props.bare)}
      ref={api.ref}
      name={props.name}
      value={value}
      placeholder={field.placeholder}
      min={field.min}
      max={field.max}
      step={field.step}
      // Out-of-range input shows the min/max message instead of being silently changed.
      clampBehavior="none"
      allowDecimal={decimalsOf(field.step) > 0}
      {...addonSection(field)}
      {...focusProps(autoFocus)}
      onBlur={api.onBlur}
      onChange={api.change}
    />
  );
}
