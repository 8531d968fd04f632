import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import type { ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** An endpoint's optional query parameters: a key and the values it keeps, comma separated. */
export function QueryParameterList({ endpointIndex }: { endpointIndex: number }) {
  const { control, register, formState } = useFormContext<ConfigFormInput>();
  const name = `data.${endpointIndex}.query_parameters` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const errors = formState.errors.data?.[endpointIndex]?.query_parameters;
  const error = errors?.message ?? errors?.root?.message;

  return (
    <Stack gap={6}>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {T.queryParameters}
        </Text>
        <Text size="xs" c="dimmed">
          {T.queryParametersHint}
        </Text>
      </Stack>
      {fields.map((field, index) => (
        <Group
          key={field.id}
          gap="xs"
          align="flex-start"
          wrap="nowrap"
          role="group"
          aria-label={T.queryParameter(index)}
        >
          <TextInput
            aria-label={T.queryKey}
            placeholder={T.queryKey}
            autoComplete="off"
            spellCheck={false}
            error={fieldErrorProp(errors?.[index]?.key)}
            style={{ flex: 1 }}
            {...register(`${name}.${index}.key`)}
          />
          <TextInput
            aria-label={T.queryValues}
            placeholder={T.queryValuesPlaceholder}
            autoComplete="off"
            spellCheck={false}
            error={fieldErrorProp(errors?.[index]?.value)}
            style={{ flex: 2 }}
            {...register(`${name}.${index}.value`)}
          />
          <ActionIcon
            mt={4}
            variant="subtle"
            color="gray"
            aria-label={T.removeQueryParameter(index)}
            onClick={() => remove(index)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
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
        onClick={() => append({ key: '', value: '' })}
        style={{ alignSelf: 'flex-start' }}
      >
        {T.addQueryParameter}
      </Button>
    </Stack>
  );
}
