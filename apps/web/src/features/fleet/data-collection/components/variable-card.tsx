import { ActionIcon, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DATA_COLLECT_VARIABLE_TYPES } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import type { ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T, VARIABLE_TYPE_LABELS } from '../texts';
import { MONOSPACE_INPUT } from './monospace';

const TYPE_OPTIONS = DATA_COLLECT_VARIABLE_TYPES.map((type) => ({
  value: type,
  label: VARIABLE_TYPE_LABELS[type],
}));

const typeOf = (value: string | null) =>
  DATA_COLLECT_VARIABLE_TYPES.find((type) => type === value) ?? null;

interface VariableCardProps {
  endpointIndex: number;
  index: number;
  onRemove: (index: number) => void;
}

/** One variable: its id, where in the answer it is (filter, ref), its type and what it may be. */
export function VariableCard({ endpointIndex, index, onRemove }: VariableCardProps) {
  const { control, register, formState } = useFormContext<ConfigFormInput>();
  const base = `data.${endpointIndex}.variables.${index}` as const;
  const variables = useWatch({ control, name: `data.${endpointIndex}.variables` });
  const errors = formState.errors.data?.[endpointIndex]?.variables?.[index];
  // A ref names a variable listed before this one; a saved ref that does not still shows.
  const current = variables[index]?.ref ?? '';
  const refs = [
    ...new Set([...variables.slice(0, index).map((variable) => variable.id.trim()), current]),
  ].filter((id) => id !== '');

  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={T.variable(index)}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {T.variable(index)}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={T.removeVariable(index)}
          onClick={() => onRemove(index)}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <TextInput
          label={T.variableId}
          required
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={fieldErrorProp(errors?.id)}
          {...register(`${base}.id`)}
        />
        <TextInput
          label={T.filter}
          placeholder={T.filterExample}
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={fieldErrorProp(errors?.filter)}
          {...register(`${base}.filter`)}
        />
        <Controller
          control={control}
          name={`${base}.ref`}
          render={({ field, fieldState }) => (
            <Select
              label={T.ref}
              description={T.refHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              clearable
              data={refs}
              value={field.value === '' ? null : field.value}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name={`${base}.type`}
          render={({ field, fieldState }) => (
            <Select
              label={T.type}
              required
              allowDeselect={false}
              data={TYPE_OPTIONS}
              value={field.value}
              onChange={(value) => {
                const type = typeOf(value);
                if (type) field.onChange(type);
              }}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <TextInput
          label={T.default}
          description={T.defaultHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          error={fieldErrorProp(errors?.default)}
          {...register(`${base}.default`)}
        />
        <TextInput
          label={T.enumValues}
          description={T.enumHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          error={fieldErrorProp(errors?.enum)}
          {...register(`${base}.enum`)}
        />
        <TextInput
          label={T.variableDescription}
          autoComplete="off"
          error={fieldErrorProp(errors?.description)}
          {...register(`${base}.description`)}
        />
      </SimpleGrid>
    </Paper>
  );
}
