import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { RunFormInput } from '../model/run-form';
import type { StepVariable } from '../model/variables';
import { TASK_TEXTS as T } from '../texts';

/** A value for each {{name}} placeholder of the steps, for this run only. */
export function RunVariables({ variables }: { variables: readonly StepVariable[] }) {
  const { register } = useFormContext<RunFormInput>();
  if (variables.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {T.variables}
      </Title>
      <Text size="sm" c="dimmed">
        {T.variablesHint}
      </Text>
      {variables.map((variable, index) => (
        <TextInput
          key={`${variable.task_id}-${variable.name}`}
          label={T.variable(variable.step, variable.name)}
          {...register(`variables.${index}.value`)}
        />
      ))}
    </Stack>
  );
}
