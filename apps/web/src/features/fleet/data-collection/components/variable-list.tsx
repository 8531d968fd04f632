import { Button, Code, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { DATA_COLLECT_VARIABLES_MAX } from '@netfleet/contracts';
import { newVariable, type ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { VariableCard } from './variable-card';

/** The values picked from an endpoint's answer, with how a filter reads it. */
export function VariableList({ endpointIndex }: { endpointIndex: number }) {
  const { control, formState } = useFormContext<ConfigFormInput>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `data.${endpointIndex}.variables`,
  });
  const errors = formState.errors.data?.[endpointIndex]?.variables;
  const error = errors?.message ?? errors?.root?.message;

  return (
    <Stack gap={6}>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {T.variables}
        </Text>
        <Text size="xs" c="dimmed">
          {T.filterHelp} <Code>{T.filterExample}</Code>
        </Text>
      </Stack>
      {fields.map((field, index) => (
        <VariableCard
          key={field.id}
          endpointIndex={endpointIndex}
          index={index}
          onRemove={remove}
        />
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={fields.length >= DATA_COLLECT_VARIABLES_MAX}
        onClick={() => append(newVariable())}
        style={{ alignSelf: 'flex-start' }}
      >
        {T.addVariable}
      </Button>
    </Stack>
  );
}
