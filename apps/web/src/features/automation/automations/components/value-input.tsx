import { NumberInput, Select, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { pathOf } from '../model/field-errors';
import type { ValueKind } from '../model/parameters';
import { EXPRESSION, type RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';

const WIDTH = 200;

/**
 * A condition's value, typed by its parameter: a number with its unit, text, a pick of the
 * parameter's states (0 Low / 1 High), nothing to give for events and `changed`.
 */
export function ValueInput({ index, kind }: { index: number; kind: ValueKind }) {
  const { control } = useFormContext<RuleFormInput>();
  return (
    <Controller
      control={control}
      name={pathOf<RuleFormInput>(EXPRESSION, index, 'value')}
      render={({ field, fieldState }) => {
        const error = fieldErrorProp(fieldState.error);
        const value = field.value as unknown;
        switch (kind.kind) {
          case 'number':
            return (
              <NumberInput
                label={T.value}
                required
                w={WIDTH}
                rightSection={kind.unit ?? undefined}
                rightSectionWidth={kind.unit ? 56 : undefined}
                hideControls={Boolean(kind.unit)}
                value={typeof value === 'number' ? value : ''}
                onChange={(next) => field.onChange(typeof next === 'number' ? next : null)}
                onBlur={field.onBlur}
                error={error}
              />
            );
          case 'enum':
            return (
              <Select
                label={T.value}
                required
                w={WIDTH}
                data={kind.options.map((option) => ({
                  value: String(option.value),
                  label: `${option.value} ${option.label}`,
                }))}
                value={typeof value === 'number' ? String(value) : null}
                onChange={(next) => field.onChange(next === null ? null : Number(next))}
                onBlur={field.onBlur}
                error={error}
              />
            );
          case 'text':
            return (
              <TextInput
                label={T.value}
                required
                w={WIDTH}
                maxLength={255}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={error}
              />
            );
          default:
            // Events and `changed` take no value of their own.
            return (
              <TextInput
                label={T.value}
                w={WIDTH}
                readOnly
                disabled
                value={kind.kind === 'event' ? T.eventValue : T.changedValue}
                error={error}
              />
            );
        }
      }}
    />
  );
}
