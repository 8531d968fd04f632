import { Alert, Loader, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { DataCollectConfig } from '@netfleet/contracts';
import { useAssignedDevices } from '../api/get-assignments';
import { configFields, fieldOptions } from '../model/fields';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { CustomDataTable } from './custom-data-table';
import { FieldValues } from './field-values';

/**
 * One field of the config across the devices (the latest value of each, grouped), and what one
 * assigned device collected from the field's endpoint in the last day.
 */
export function DataTab({ config }: { config: DataCollectConfig }) {
  const fields = useMemo(() => configFields(config), [config]);
  const [fieldId, setFieldId] = useState(fields[0]?.id ?? null);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const assigned = useAssignedDevices(config.id);
  const field = fields.find((candidate) => candidate.id === fieldId);
  const endpoint = config.config.data.find((candidate) => candidate.url === field?.url);
  const device = assigned.data?.find((row) => String(row.device_id) === deviceId);

  if (fields.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {T.noFields}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Select
        label={T.field}
        description={T.fieldHint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        allowDeselect={false}
        searchable
        data={fieldOptions(fields)}
        value={fieldId}
        onChange={setFieldId}
        maw={480}
      />
      {field && <FieldValues field={field} />}
      {assigned.isError && (
        <Alert color="red" variant="light" role="alert">
          {assigned.error.message}
        </Alert>
      )}
      {assigned.data?.length === 0 ? (
        <Text c="dimmed" size="sm">
          {T.noAssignedDevices}
        </Text>
      ) : (
        <Select
          label={T.pickDevice}
          description={T.pickDeviceHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={T.pickDevicePlaceholder}
          searchable
          data={(assigned.data ?? []).map((row) => ({
            value: String(row.device_id),
            label: row.device_name,
          }))}
          value={deviceId}
          onChange={setDeviceId}
          rightSection={assigned.isFetching ? <Loader size="xs" /> : undefined}
          maw={480}
        />
      )}
      {device && endpoint && (
        <CustomDataTable
          key={`${device.device_id}:${endpoint.url}`}
          configId={config.id}
          device={{ id: device.device_id, name: device.device_name }}
          endpoint={endpoint}
        />
      )}
    </Stack>
  );
}
