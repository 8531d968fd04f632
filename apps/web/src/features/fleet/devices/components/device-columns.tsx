import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { DEVICE_SEARCH_FIELDS, DEVICE_SORT_FIELDS } from '@netfleet/contracts';
import { BrandedModel } from '@/components/brand';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { formatDbm, formatDeciCelsius, formatUptime } from '@/lib/format';
import { deviceStatusLabel } from '@/lib/messages';
import type { DeviceRow } from '../api/get-devices';
import { devicePath } from '../paths';
import { DEVICE_TEXTS } from '../texts';
import { DeviceStatus } from './device-status';
import { TagChips } from './tag-chips';

const T = DEVICE_TEXTS.columns;
const SORTABLE = new Set<string>(DEVICE_SORT_FIELDS);
const SEARCHABLE = new Set<string>(DEVICE_SEARCH_FIELDS);

type Column = DataTableColumn<DeviceRow>;

/** A column showing one device field; sortable and searchable as the API allows. */
const field = (key: string, header: string, extra: Partial<Column> = {}): Column => ({
  key,
  header,
  sortable: SORTABLE.has(key),
  searchable: SEARCHABLE.has(key),
  ...extra,
});

/** A column whose cell and CSV text are the same formatted value. */
const formatted = (
  key: string,
  header: string,
  format: (row: DeviceRow) => string,
  extra: Partial<Column> = {},
) => field(key, header, { render: format, csv: format, ...extra });

// Widths fit the usual values on one line: the table scrolls sideways rather than squeezing
// them, and a virtualised page (fixed layout) cuts a longer value with an ellipsis.
export const DEVICE_COLUMNS: readonly Column[] = [
  field('status', T.status, {
    render: (row) => <DeviceStatus status={row.status} />,
    csv: (row) => deviceStatusLabel(row.status),
    width: 130,
  }),
  field('name', T.name, {
    hideable: false,
    render: (row) => (
      <Anchor component={Link} to={devicePath(row.id)} size="sm">
        {row.name || row.serial || row.id}
      </Anchor>
    ),
    width: 180,
  }),
  field('serial', T.serial, { width: 130 }),
  field('mac', T.mac, { width: 160 }),
  field('imei', T.imei, { defaultHidden: true, width: 160 }),
  field('model', T.model, {
    render: (row) => <BrandedModel model={row.model ?? null} fallback="" />,
    width: 110,
  }),
  field('firmware', T.firmware, { width: 170 }),
  field('company_name', T.company, { width: 170 }),
  field('tags', T.tags, {
    render: (row) => <TagChips tags={row.tags} />,
    csv: (row) => (row.tags ?? []).map((tag) => tag.name).join(', '),
    width: 180,
  }),
  formatted('signal', T.signal, (row) => formatDbm(row.signal), { width: 110 }),
  field('operator', T.operator, { width: 120 }),
  field('connection_type', T.connectionType, { defaultHidden: true, width: 130 }),
  field('wan_state', T.wanState, { defaultHidden: true, width: 120 }),
  field('wan_ip', T.wanIp, { defaultHidden: true, width: 140 }),
  formatted('temperature', T.temperature, (row) => formatDeciCelsius(row.temperature), {
    defaultHidden: true,
    width: 130,
  }),
  formatted('uptime', T.uptime, (row) => formatUptime(row.uptime), {
    defaultHidden: true,
    width: 130,
  }),
  formatted(
    'last_connection_at',
    T.lastConnection,
    (row) => formatDateTime(row.last_connection_at),
    { width: 180 },
  ),
  formatted(
    'information_updated',
    T.informationUpdated,
    (row) => formatDateTime(row.information_updated),
    { defaultHidden: true, width: 180 },
  ),
];

/**
 * The device fields the shown columns need (`fields=`), plus what every row must carry: its
 * name for links and dialogs, its company to notice live moves.
 */
export function fieldsFor(columns: readonly Column[]): string[] {
  const fields = new Set(['id', 'name', 'serial', 'company_id']);
  for (const column of columns) fields.add(column.key);
  return [...fields].sort();
}
