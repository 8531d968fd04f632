import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TASK_STEPS_MAX } from '@netfleet/contracts';
import { newStep, type TaskGroupFormInput } from '../model/task-group-form';
import { TASK_TEXTS as T } from '../texts';
import { StepCard } from './step-card';

/** The group's steps in the order they run: added, removed and moved up or down. */
export function StepList() {
  const { control, formState } = useFormContext<TaskGroupFormInput>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'tasks' });
  const error = formState.errors.tasks?.message ?? formState.errors.tasks?.root?.message;

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {T.steps}
      </Title>
      {fields.length === 0 && (
        <Text c="dimmed" size="sm">
          {T.noSteps}
        </Text>
      )}
      {fields.map((field, index) => (
        <StepCard
          key={field.id}
          index={index}
          count={fields.length}
          onMove={move}
          onRemove={remove}
        />
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={fields.length >= TASK_STEPS_MAX}
        onClick={() => append(newStep())}
        style={{ alignSelf: 'flex-start' }}
      >
        {T.addStep}
      </Button>
    </Stack>
  );
}
