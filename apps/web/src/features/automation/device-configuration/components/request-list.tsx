import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CONFIG_REQUESTS_MAX } from '@netfleet/contracts';
import { newRequest, type TemplateFormInput } from '../model/template-form';
import { CONFIG_TEXTS as T } from '../texts';
import { RequestCard } from './request-card';

/** The template's requests in the order devices apply them: added, removed and moved. */
export function RequestList() {
  const { control, formState } = useFormContext<TemplateFormInput>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'template' });
  const error = formState.errors.template?.message ?? formState.errors.template?.root?.message;

  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={3} size="h5">
          {T.requests}
        </Title>
        <Text size="sm" c="dimmed">
          {T.requestsHint}
        </Text>
      </Stack>
      {fields.length === 0 && (
        <Text c="dimmed" size="sm">
          {T.noRequests}
        </Text>
      )}
      {fields.map((field, index) => (
        <RequestCard
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
        disabled={fields.length >= CONFIG_REQUESTS_MAX}
        onClick={() => append(newRequest())}
        style={{ alignSelf: 'flex-start' }}
      >
        {T.addRequest}
      </Button>
    </Stack>
  );
}
