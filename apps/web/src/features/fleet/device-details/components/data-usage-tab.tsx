import { Stack, Table } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatBytes } from '@netfleet/contracts';
import { TimeChart } from '@/components/charts';
import { RangePicker, type DateRange } from '@/components/date-range';
import { useDataUsage } from '../api/get-information';
import { dataUsageChart } from '../model/data-usage';
import { USAGE_PRESETS } from '../model/date-range';
import type { DataUsageRow } from '../model/readings';
import { DEVICE_TEXTS as T } from '../texts';
import { Empty, LoadError, Loading } from './states';
import type { DeviceTabProps } from './tab-props';

const formatChartBytes = (value: number) => formatBytes(Math.max(0, value));

function UsageTable({ rows }: { rows: readonly DataUsageRow[] }) {
  return (
    <Table striped withTableBorder aria-label={T.dataUsage}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.date}</Table.Th>
          <Table.Th>{T.modem}</Table.Th>
          <Table.Th>{T.sim}</Table.Th>
          <Table.Th>{T.received}</Table.Th>
          <Table.Th>{T.sent}</Table.Th>
          <Table.Th>{T.total}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.date}-${row.modem}-${row.sim}`}>
            <Table.Td>{row.date}</Table.Td>
            <Table.Td>{T.modemLabel(row.modem)}</Table.Td>
            <Table.Td>{row.sim_label}</Table.Td>
            <Table.Td>{formatBytes(row.rx)}</Table.Td>
            <Table.Td>{formatBytes(row.tx)}</Table.Td>
            <Table.Td>{formatBytes(row.rx + row.tx)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Bytes per day, modem and SIM (spec §9 1024-step units), as bars and as a table. */
export function DataUsageTab({ device }: DeviceTabProps) {
  const [range, setRange] = useState<DateRange>({ preset: '30d' });
  const usage = useDataUsage(device.id, range, USAGE_PRESETS);
  const chart = useMemo(() => dataUsageChart(usage.data ?? []), [usage.data]);

  let body;
  if (usage.isPending) body = <Loading />;
  else if (usage.isError) body = <LoadError error={usage.error} />;
  else if (usage.data.length === 0) body = <Empty message={T.noDataUsage} />;
  else {
    body = (
      <>
        <TimeChart
          title={T.dataUsageChart}
          data={chart}
          formatValue={formatChartBytes}
          expandable
        />
        <UsageTable rows={usage.data} />
      </>
    );
  }
  return (
    <Stack gap="md">
      <RangePicker presets={USAGE_PRESETS} value={range} onChange={setRange} />
      {body}
    </Stack>
  );
}
