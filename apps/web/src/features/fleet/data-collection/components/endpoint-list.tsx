import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { DATA_COLLECT_ENDPOINTS_MAX } from '@netfleet/contracts';
import { newEndpoint, type ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { EndpointCard } from './endpoint-card';

/** The endpoints the config reads, each with the variables picked from its answer. */
export function EndpointList() {
  const { control, formState } = useFormContext<ConfigFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'data' });
  const error = formState.errors.data?.message ?? formState.errors.data?.root?.message;

  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={3} size="h5">
          {T.endpoints}
        </Title>
        <Text size="sm" c="dimmed">
          {T.endpointsHint}
        </Text>
      </Stack>
      {fields.map((field, index) => (
        <EndpointCard key={field.id} index={index} onRemove={remove} />
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={fields.length >= DATA_COLLECT_ENDPOINTS_MAX}
        onClick={() => append(newEndpoint())}
        style={{ alignSelf: 'flex-start' }}
      >
        {T.addEndpoint}
      </Button>
    </Stack>
  );
}
