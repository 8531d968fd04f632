import { ActionIcon, Autocomplete, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { CONFIG_NAMES, CONFIG_PATHS, sectionTypes } from '../model/config-schema';
import { TEMPLATE_METHODS, type TemplateFormInput } from '../model/template-form';
import { CONFIG_TEXTS as T, METHOD_LABELS } from '../texts';
import { OptionList } from './option-list';
import { MONOSPACE_INPUT } from './monospace';

const METHOD_OPTIONS = TEMPLATE_METHODS.map((method) => ({
  value: method,
  label: METHOD_LABELS[method],
}));

const isMethod = (value: string | null) =>
  TEMPLATE_METHODS.find((method) => method === value) ?? null;

interface RequestCardProps {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One request: what it does, to which section, with which options, and its place in the list. */
export function RequestCard({ index, count, onMove, onRemove }: RequestCardProps) {
  const { control } = useFormContext<TemplateFormInput>();
  const [method, path, type] = useWatch({
    control,
    name: [`template.${index}.method`, `template.${index}.path`, `template.${index}.type`],
  });
  // A type the schema does not list for this config still shows (a saved one, say).
  const types = [...new Set([...sectionTypes(path), type].filter((name) => name !== ''))];

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={T.request(index)}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{T.request(index)}</Text>
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
              aria-label={T.removeRequest(index)}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group grow align="flex-start">
          <Controller
            control={control}
            name={`template.${index}.method`}
            render={({ field, fieldState }) => (
              <Select
                label={T.method}
                required
                allowDeselect={false}
                data={METHOD_OPTIONS}
                value={field.value}
                onChange={(value) => {
                  const next = isMethod(value);
                  if (next) field.onChange(next);
                }}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          <Controller
            control={control}
            name={`template.${index}.path`}
            render={({ field, fieldState }) => (
              <Autocomplete
                label={T.path}
                description={T.pathHint(CONFIG_NAMES.join(', '))}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                placeholder="/network/lan"
                autoComplete="off"
                spellCheck={false}
                styles={MONOSPACE_INPUT}
                data={CONFIG_PATHS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          {method !== 'delete' && (
            <Controller
              control={control}
              name={`template.${index}.type`}
              render={({ field, fieldState }) => (
                <Select
                  label={T.sectionType}
                  description={method === 'put' ? T.sectionTypePutHint : undefined}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  required={method === 'post'}
                  clearable={method !== 'post'}
                  data={types}
                  value={field.value === '' ? null : field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={fieldErrorProp(fieldState.error)}
                />
              )}
            />
          )}
        </Group>
        {method === 'delete' ? (
          <Text size="sm" c="dimmed">
            {T.deleteHasNoOptions}
          </Text>
        ) : (
          <OptionList requestIndex={index} />
        )}
      </Stack>
    </Paper>
  );
}
