import {
  ActionIcon,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { pathOf } from '../model/field-errors';
import {
  catalogueEntry,
  initialValue,
  parameterGroups,
  splitKey,
  takesHysteresis,
  valueKind,
} from '../model/parameters';
import { EXPRESSION, type RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T, OPERATOR_LABELS } from '../texts';
import { ValueInput } from './value-input';

const JOINS = [
  { value: '&&', label: T.and },
  { value: '||', label: T.or },
];

interface ConditionRowProps {
  index: number;
  last: boolean;
  onRemove?: (() => void) | undefined;
}

/** One condition: parameter, operator, typed value, hysteresis; and how it joins the next. */
export function ConditionRow({ index, last, onRemove }: ConditionRowProps) {
  const { control, setValue } = useFormContext<RuleFormInput>();
  const at = (field: string) => pathOf<RuleFormInput>(EXPRESSION, index, field);
  const [key = '', operator = ''] = useWatch({
    control,
    name: [at('parameter'), at('operator')],
  }) as [string | undefined, string | undefined];
  const groups = useMemo(parameterGroups, []);
  const { base, pin } = splitKey(key);
  const parameter = catalogueEntry(base);
  const kind = valueKind(parameter, operator);
  const set = (field: string, value: unknown) =>
    setValue(at(field), value as never, { shouldDirty: true });

  // A value that fits the new parameter or operator: the old one seldom does.
  const retype = (nextBase: string, nextOperator: string) => {
    const next = catalogueEntry(nextBase);
    if (
      valueKind(next, nextOperator).kind !== valueKind(parameter, operator).kind ||
      next !== parameter
    )
      set('value', initialValue(next, nextOperator));
    if (!takesHysteresis(nextOperator)) set('hysteresis', undefined);
  };

  const pickParameter = (nextBase: string | null) => {
    const next = nextBase ? catalogueEntry(nextBase) : undefined;
    set('parameter', next?.named ? `${nextBase}:${pin ?? ''}` : (nextBase ?? ''));
    const nextOperator =
      next && next.operators.some((candidate) => candidate === operator)
        ? operator
        : (next?.operators[0] ?? '');
    set('operator', nextOperator);
    retype(nextBase ?? '', nextOperator);
  };

  const hysteresisShown = takesHysteresis(operator);
  return (
    <Stack gap={6}>
      <Fieldset legend={T.condition(index)} variant="filled" p="sm">
        <Group align="flex-start" wrap="wrap" gap="sm">
          <Controller
            control={control}
            name={at('parameter')}
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                label={T.parameter}
                required
                placeholder={T.parameterPlaceholder}
                searchable
                w={260}
                data={groups}
                value={parameter ? base : null}
                onChange={pickParameter}
                onBlur={field.onBlur}
                nothingFoundMessage={T.nothingFound}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          {parameter?.named && (
            <TextInput
              label={T.pin}
              description={T.pinHint}
              required
              w={180}
              value={pin ?? ''}
              onChange={(event) => set('parameter', `${base}:${event.currentTarget.value}`)}
            />
          )}
          <Controller
            control={control}
            name={at('operator')}
            render={({ field, fieldState }) => (
              <Select
                label={T.operator}
                required
                w={130}
                disabled={!parameter}
                data={(parameter?.operators ?? []).map((value) => ({
                  value,
                  label: OPERATOR_LABELS[value] ?? value,
                }))}
                value={typeof field.value === 'string' && field.value ? field.value : null}
                onChange={(next) => {
                  field.onChange(next ?? '');
                  retype(base, next ?? '');
                }}
                allowDeselect={false}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          <ValueInput index={index} kind={kind} />
          {hysteresisShown && (
            <Controller
              control={control}
              name={at('hysteresis')}
              render={({ field, fieldState }) => (
                <NumberInput
                  label={T.hysteresis}
                  description={T.hysteresisHint}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  w={180}
                  min={0}
                  allowNegative={false}
                  rightSection={parameter?.unit ?? undefined}
                  rightSectionWidth={parameter?.unit ? 56 : undefined}
                  hideControls={Boolean(parameter?.unit)}
                  value={typeof field.value === 'number' ? field.value : ''}
                  onChange={(next) => field.onChange(typeof next === 'number' ? next : undefined)}
                  onBlur={field.onBlur}
                  error={fieldErrorProp(fieldState.error)}
                />
              )}
            />
          )}
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={T.removeCondition(index)}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Fieldset>
      {!last && (
        <Controller
          control={control}
          name={at('joins_with')}
          render={({ field, fieldState }) => (
            <Group gap="xs">
              <SegmentedControl
                size="xs"
                aria-label={T.joinsWith(index)}
                data={JOINS}
                value={typeof field.value === 'string' && field.value ? field.value : '&&'}
                onChange={field.onChange}
              />
              {fieldState.error && (
                <Text size="xs" c="red">
                  {fieldState.error.message}
                </Text>
              )}
            </Group>
          )}
        />
      )}
    </Stack>
  );
}
