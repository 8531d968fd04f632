import { ActionIcon, Autocomplete, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { useDocumentationEndpoints } from '../api/get-documentations';
import type { ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { MONOSPACE_INPUT } from './monospace';
import { QueryParameterList } from './query-parameter-list';
import { VariableList } from './variable-list';

// A firmware's documentation lists hundreds of paths; typing narrows them.
const SUGGESTIONS = 50;

interface EndpointCardProps {
  index: number;
  onRemove: (index: number) => void;
}

/** One endpoint: its url (one the documentation lists, or any other), query and variables. */
export function EndpointCard({ index, onRemove }: EndpointCardProps) {
  const { control } = useFormContext<ConfigFormInput>();
  const [documentationId, url] = useWatch({
    control,
    name: ['device_documentation_id', `data.${index}.url`],
  });
  const endpoints = useDocumentationEndpoints(documentationId);
  const known = endpoints.find((endpoint) => endpoint.url === url.trim());

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={T.endpoint(index)}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{T.endpoint(index)}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={T.removeEndpoint(index)}
            onClick={() => onRemove(index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Controller
          control={control}
          name={`data.${index}.url`}
          render={({ field, fieldState }) => (
            <Autocomplete
              label={T.url}
              required
              placeholder="/modems/status"
              autoComplete="off"
              spellCheck={false}
              styles={MONOSPACE_INPUT}
              data={endpoints.map((endpoint) => endpoint.url)}
              limit={SUGGESTIONS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              description={known?.description}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <QueryParameterList endpointIndex={index} />
        <VariableList endpointIndex={index} />
      </Stack>
    </Paper>
  );
}
