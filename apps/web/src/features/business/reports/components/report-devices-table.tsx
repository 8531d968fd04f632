import { Anchor, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { hasPermission, type ReportData, type ReportParameter } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { deviceColumns } from '../model/device-fields';
import { devicePath } from '../paths';
import { REPORT_TEXTS as T } from '../texts';

/** Rows shown before the search narrows a large report (the CSV holds them all). */
const MAX_ROWS = 500;

interface ReportDevicesTableProps {
  data: ReportData;
  parameters: readonly ReportParameter[];
}

/** One row per device with the figures of the report's parameters, searchable by name or serial. */
export function ReportDevicesTable({ data, parameters }: ReportDevicesTableProps) {
  const { permissions } = useCurrentUser();
  const linked = hasPermission(permissions, 'view_devices');
  const columns = useMemo(() => deviceColumns(parameters), [parameters]);
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const matching = term
    ? data.devices.filter((device) =>
        [device.name, device.serial, device.mac ?? ''].some((text) =>
          text.toLowerCase().includes(term),
        ),
      )
    : data.devices;
  const rows = matching.slice(0, MAX_ROWS);

  if (data.devices.length === 0) return <Text c="dimmed">{T.perDeviceEmpty}</Text>;
  return (
    <Stack gap="xs">
      {data.devices.length > 10 && (
        <TextInput
          aria-label={T.searchDevices}
          placeholder={T.searchDevices}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={320}
        />
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label={T.perDevice} striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.device}</Table.Th>
              <Table.Th>{T.serial}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.field}>{column.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((device) => (
              <Table.Tr key={device.router_id}>
                <Table.Td>
                  {linked ? (
                    <Anchor component={Link} to={devicePath(device.router_id)} size="sm">
                      {device.name || device.serial}
                    </Anchor>
                  ) : (
                    device.name || device.serial
                  )}
                </Table.Td>
                <Table.Td>{device.serial}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.field}>{column.format(device)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {matching.length > rows.length && (
        <Text size="sm" c="dimmed">
          {T.truncated(rows.length, matching.length)}
        </Text>
      )}
    </Stack>
  );
}
