import { ActionIcon, Autocomplete, Checkbox, Group, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { optionSpecs, valueHint } from '../model/config-schema';
import type { TemplateFormInput } from '../model/template-form';
import { CONFIG_TEXTS as T } from '../texts';
import { MONOSPACE_INPUT } from './monospace';

interface OptionRowProps {
  requestIndex: number;
  index: number;
  /** The option names the schema knows for the section. */
  names: readonly string[];
  /** A put may remove the option from the section instead of setting it. */
  removable: boolean;
  onDelete: (index: number) => void;
}

/** One option: its name, and its value (what the schema takes, as a hint) or its removal. */
export function OptionRow({ requestIndex, index, names, removable, onDelete }: OptionRowProps) {
  const { control, register, formState } = useFormContext<TemplateFormInput>();
  const base = `template.${requestIndex}.options.${index}` as const;
  const [path, type, key, remove] = useWatch({
    control,
    name: [
      `template.${requestIndex}.path`,
      `template.${requestIndex}.type`,
      `${base}.key`,
      `${base}.remove`,
    ],
  });
  const errors = formState.errors.template?.[requestIndex]?.options?.[index];
  const spec = optionSpecs(path, type, key.trim())[0];
  const removed = removable && remove;

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Controller
        control={control}
        name={`${base}.key`}
        render={({ field, fieldState }) => (
          <Autocomplete
            aria-label={T.option(index)}
            placeholder={T.optionPlaceholder}
            autoComplete="off"
            spellCheck={false}
            styles={MONOSPACE_INPUT}
            data={names}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldErrorProp(fieldState.error)}
            style={{ flex: 1 }}
          />
        )}
      />
      <TextInput
        aria-label={T.optionValue(index)}
        placeholder={spec ? valueHint(spec) : T.valuePlaceholder}
        autoComplete="off"
        spellCheck={false}
        disabled={removed}
        error={fieldErrorProp(errors?.value)}
        style={{ flex: 2 }}
        {...register(`${base}.value`)}
      />
      {removable && (
        <Checkbox
          mt={8}
          label={T.removeOption}
          aria-label={T.removeOptionLabel(index)}
          {...register(`${base}.remove`)}
        />
      )}
      <ActionIcon
        mt={4}
        variant="subtle"
        color="gray"
        aria-label={T.deleteOption(index)}
        onClick={() => onDelete(index)}
      >
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
