import { Badge, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { formatBytes, MAX_ACTIVE_MONITORING_PARAMETERS, MONITORING } from '@netfleet/contracts';
import { activeCount, bytesPerDay, entryOf, parameterLabel } from '../parameters';
import type { TemplateFormInput } from '../template-form-schema';
import { TEMPLATE_TEXTS } from '../texts';
import { ParameterRow } from './parameter-row';

interface ParametersTableProps {
  control: Control<TemplateFormInput>;
  /** A server error about the parameters as a whole (e.g. too many active). */
  error?: string;
}

/** The template's parameters, the 'N / 200' active count and the daily data estimate. */
export function ParametersTable({ control, error }: ParametersTableProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'parameters' });
  const parameters = useWatch({ control, name: 'parameters' });
  const active = activeCount(parameters);
  const missing = MONITORING.filter(
    (entry) => !parameters.some((parameter) => parameter.key === entry.key),
  );

  const add = (key: string | null) => {
    const entry = key ? entryOf(key) : undefined;
    if (entry) append({ key: entry.key, period: entry.defaultPeriod, enabled: true });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {TEMPLATE_TEXTS.parameters}
        </Title>
        <Badge
          variant="light"
          color={active > MAX_ACTIVE_MONITORING_PARAMETERS ? 'red' : 'blue'}
          aria-label={TEMPLATE_TEXTS.activeParameters}
        >
          {TEMPLATE_TEXTS.activeCount(active)}
        </Badge>
      </Group>
      {fields.length === 0 ? (
        <Text c="dimmed" size="sm">
          {TEMPLATE_TEXTS.noParameters}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={TEMPLATE_TEXTS.parameters} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{TEMPLATE_TEXTS.enabled}</Table.Th>
                <Table.Th>{TEMPLATE_TEXTS.parameter}</Table.Th>
                <Table.Th>{TEMPLATE_TEXTS.period}</Table.Th>
                <Table.Th>{TEMPLATE_TEXTS.downPerMessage}</Table.Th>
                <Table.Th>{TEMPLATE_TEXTS.upPerMessage}</Table.Th>
                <Table.Th>{TEMPLATE_TEXTS.perDay}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{TEMPLATE_TEXTS.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => (
                <ParameterRow
                  key={field.id}
                  index={index}
                  control={control}
                  onRemove={() => remove(index)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {missing.length > 0 && (
        <Select
          label={TEMPLATE_TEXTS.addParameter}
          placeholder={TEMPLATE_TEXTS.addParameter}
          data={missing.map((entry) => ({ value: entry.key, label: parameterLabel(entry.key) }))}
          value={null}
          onChange={add}
          w={260}
        />
      )}
      <Text size="sm">
        {TEMPLATE_TEXTS.estimate}: <strong>{formatBytes(bytesPerDay(parameters))}</strong>
        <Text span c="dimmed" size="xs" ml="xs">
          {TEMPLATE_TEXTS.estimateHelp}
        </Text>
      </Text>
    </Stack>
  );
}
