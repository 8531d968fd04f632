// A date and time on the wall clock of the user's chosen zone (spec §9: what date cells show is
// what the inputs take), held and submitted as an API date (UTC, YYYY-MM-DD HH:mm:ss).
import { TextInput } from '@mantine/core';
import { parseApiDate, toApiDate } from '@netfleet/contracts';
import { fromZonedInput, toZonedInput } from '@/components/date-range';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

/** The datetime-local text of an API date, or empty when the value holds none. */
function inputOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const instant = parseApiDate(value);
  return Number.isNaN(instant) ? '' : toZonedInput(instant);
}

export function DateTimeField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  return (
    <TextInput
      {...fieldChrome(field, api.error, props.bare)}
      type="datetime-local"
      ref={api.ref}
      name={props.name}
      value={inputOf(api.value)}
      {...focusProps(autoFocus)}
      onBlur={api.onBlur}
      onChange={(event) => {
        const iso = fromZonedInput(event.currentTarget.value);
        api.change(iso === null ? '' : toApiDate(new Date(iso)));
      }}
    />
  );
}
