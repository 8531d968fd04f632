import { Select, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '@/components/data-table';
import { useHistoryDatetimes, useInformationHistory } from '../api/get-information';
import { flattenReading } from '../model/flatten';
import type { InformationHistory } from '../model/readings';
import { DEVICE_TEXTS as T } from '../texts';
import { Empty, LoadError, Loading } from './states';
import type { DeviceTabProps } from './tab-props';

function Parameters({ history }: { history: InformationHistory }) {
  const categories = Object.entries(history);
  if (categories.length === 0) return <Empty message={T.noHistory} />;
  return (
    <Stack gap="lg">
      {categories.map(([category, reading]) => (
        <Stack key={category} gap="xs">
          <Title order={4}>
            {category} · {formatDateTime(reading.datetime)}
          </Title>
          <Table striped withTableBorder maw={720} aria-label={category}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.parameter}</Table.Th>
                <Table.Th>{T.value}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flattenReading(reading.data).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Td>{key}</Table.Td>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}

/** Monitoring parameters as they were at a time the device reported (the latest by default). */
export function HistoryTab({ device }: DeviceTabProps) {
  const [datetime, setDatetime] = useState<string | null>(null);
  const datetimes = useHistoryDatetimes(device.id);
  const history = useInformationHistory(device.id, datetime);

  let body;
  if (history.isPending) body = <Loading />;
  else if (history.isError) body = <LoadError error={history.error} />;
  else body = <Parameters history={history.data} />;
  return (
    <Stack gap="md">
      <Select
        label={T.reportedAt}
        w={260}
        searchable
        disabled={!datetimes.data?.length}
        data={(datetimes.data ?? []).map((value) => ({ value, label: formatDateTime(value) }))}
        value={datetime ?? datetimes.data?.[0] ?? null}
        onChange={(next) => setDatetime(next)}
        allowDeselect={false}
      />
      {body}
    </Stack>
  );
}
