import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { optionNames } from '../model/config-schema';
import { newOption, type TemplateFormInput } from '../model/template-form';
import { CONFIG_TEXTS as T } from '../texts';
import { OptionRow } from './option-row';

/** A request's options, named with the schema's suggestions for its section. */
export function OptionList({ requestIndex }: { requestIndex: number }) {
  const { control, formState } = useFormContext<TemplateFormInput>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `template.${requestIndex}.options`,
  });
  const [method, path, type] = useWatch({
    control,
    name: [
      `template.${requestIndex}.method`,
      `template.${requestIndex}.path`,
      `template.${requestIndex}.type`,
    ],
  });
  const errors = formState.errors.template?.[requestIndex]?.options;
  const error = errors?.message ?? errors?.root?.message;
  const names = optionNames(path, type);

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {T.options}
      </Text>
      {fields.map((field, index) => (
        <OptionRow
          key={field.id}
          requestIndex={requestIndex}
          index={index}
          names={names}
          removable={method === 'put'}
          onDelete={remove}
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
        onClick={() => append(newOption())}
        style={{ alignSelf: 'flex-start' }}
      >
        {T.addOption}
      </Button>
    </Stack>
  );
}
