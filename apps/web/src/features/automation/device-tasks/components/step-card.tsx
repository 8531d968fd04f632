import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { TASK_ACTIONS, TASK_RETRIES_MAX, TASK_TIMEOUT_MAX } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import type { TaskGroupFormInput } from '../model/task-group-form';
import { ACTION_LABELS, TASK_TEXTS as T } from '../texts';
import { StepActionFields } from './step-action-fields';

const ACTION_OPTIONS = TASK_ACTIONS.map((action) => ({
  value: action,
  label: ACTION_LABELS[action],
}));

const isAction = (value: string | null) => TASK_ACTIONS.find((action) => action === value) ?? null;

interface StepCardProps {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One step: its name, action and limits, the action's own inputs, and its place in the list. */
export function StepCard({ index, count, onMove, onRemove }: StepCardProps) {
  const { control, register, formState } = useFormContext<TaskGroupFormInput>();
  const errors = formState.errors.tasks?.[index];
  const action = useWatch({ control, name: `tasks.${index}.action` });

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={T.step(index)}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{T.step(index)}</Text>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={T.moveUp(index)}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={T.moveDown(index)}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={T.removeStep(index)}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={T.stepName}
            required
            error={fieldErrorProp(errors?.name)}
            {...register(`tasks.${index}.name`)}
          />
          <Controller
            control={control}
            name={`tasks.${index}.action`}
            render={({ field, fieldState }) => (
              <Select
                label={T.action}
                required
                allowDeselect={false}
                data={ACTION_OPTIONS}
                value={field.value}
                onChange={(value) => {
                  const next = isAction(value);
                  if (next) field.onChange(next);
                }}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        </Group>
        <Group grow align="flex-start">
          <Controller
            control={control}
            name={`tasks.${index}.timeout`}
            render={({ field, fieldState }) => (
              <NumberInput
                label={T.timeout}
                required
                min={1}
                max={TASK_TIMEOUT_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={Number.isFinite(field.value) ? field.value : ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : NaN)}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          <Controller
            control={control}
            name={`tasks.${index}.retries`}
            render={({ field, fieldState }) => (
              <NumberInput
                label={T.retries}
                description={T.retriesHint}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                min={0}
                max={TASK_RETRIES_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={Number.isFinite(field.value) ? field.value : ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : NaN)}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        </Group>
        <Checkbox
          label={T.stopOnFailure}
          description={T.stopOnFailureHint}
          {...register(`tasks.${index}.stop_on_failure`)}
        />
        <StepActionFields index={index} action={action} />
      </Stack>
    </Paper>
  );
}
