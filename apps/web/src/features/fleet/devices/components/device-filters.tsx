import { Select } from '@mantine/core';
import { useState } from 'react';
import { DEVICE_STATUSES, type DEVICE_STATUS_FILTERS, hasPermission } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import type { TableQueryState } from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { deviceStatusLabel } from '@/lib/messages';
import { useFilterValues, type ValueFilter } from '../api/get-filter-values';
import { DEVICE_TEXTS } from '../texts';
import { RemoteSelect } from './remote-select';

const F = DEVICE_TEXTS.filters;

/**
 * RMS's status filter values. `not_activated` is every device neither online nor offline, the
 * pending ones (added, never enrolled) included.
 */
export const STATUS_OPTIONS = [
  { value: 'online', label: deviceStatusLabel(DEVICE_STATUSES.online) },
  { value: 'offline', label: deviceStatusLabel(DEVICE_STATUSES.offline) },
  { value: 'not_activated', label: deviceStatusLabel(DEVICE_STATUSES.notActivated) },
] satisfies { value: (typeof DEVICE_STATUS_FILTERS)[number]; label: string }[];

/** Signal quality as dBm ranges (GET /devices takes `signal=min..max`). */
export const SIGNAL_OPTIONS = [
  { value: '-70..', label: DEVICE_TEXTS.signalBuckets.excellent },
  { value: '-85..-71', label: DEVICE_TEXTS.signalBuckets.good },
  { value: '-100..-86', label: DEVICE_TEXTS.signalBuckets.fair },
  { value: '..-101', label: DEVICE_TEXTS.signalBuckets.poor },
];

/** Every filter the toolbar sets, kept in the URL; the API checks the values. */
export const DEVICE_FILTERS = {
  status: STATUS_OPTIONS.map((option) => option.value),
  signal: SIGNAL_OPTIONS.map((option) => option.value),
  model: 'text',
  firmware: 'text',
  connection_type: 'text',
  operator: 'text',
  wan_state: 'text',
  tag_id: 'text',
  company_id: 'text',
} as const;

const VALUE_PICKERS: { field: ValueFilter; label: string; placeholder: string }[] = [
  { field: 'model', label: F.model, placeholder: F.anyModel },
  { field: 'firmware', label: F.firmware, placeholder: F.anyFirmware },
  { field: 'connection_type', label: F.connectionType, placeholder: F.anyConnection },
  { field: 'operator', label: F.operator, placeholder: F.anyOperator },
  { field: 'wan_state', label: F.wanState, placeholder: F.anyWanState },
];

const WIDTH = 170;

/** The toolbar's server-side filters; each one is its own query parameter of GET /devices. */
/** `companyFixed`: the table is one company's (its company page), so no company picker. */
export function DeviceFilters({
  state,
  companyFixed = false,
}: {
  state: TableQueryState;
  companyFixed?: boolean;
}) {
  const { permissions } = useCurrentUser();
  const [wanted, setWanted] = useState(false);
  const values = useFilterValues(wanted);
  const emptyMessage = values.isFetching ? DEVICE_TEXTS.loadingValues : DEVICE_TEXTS.nothingFound;
  const { filters } = state.query;
  const set = (param: string) => (value: string | null) => state.setFilter(param, value);
  return (
    <>
      <Select
        aria-label={F.status}
        placeholder={F.anyStatus}
        data={STATUS_OPTIONS}
        value={filters.status ?? null}
        onChange={set('status')}
        clearable
        w={140}
      />
      <Select
        aria-label={F.signal}
        placeholder={F.anySignal}
        data={SIGNAL_OPTIONS}
        value={filters.signal ?? null}
        onChange={set('signal')}
        clearable
        w={WIDTH}
      />
      {VALUE_PICKERS.map(({ field, label, placeholder }) => {
        const current = filters[field];
        const data = values.data?.[field] ?? [];
        // A value from a link that is not among the most common ones still shows as chosen.
        const shown =
          current && !data.some((option) => option.value === current)
            ? [...data, { value: current, label: current }]
            : data;
        return (
          <Select
            key={field}
            aria-label={label}
            placeholder={placeholder}
            data={shown}
            value={current ?? null}
            onChange={set(field)}
            searchable
            clearable
            nothingFoundMessage={emptyMessage}
            onDropdownOpen={() => setWanted(true)}
            w={WIDTH}
          />
        );
      })}
      {hasPermission(permissions, 'view_tags') && (
        <RemoteSelect
          source={{ endpoint: '/tags' }}
          aria-label={F.tag}
          placeholder={F.anyTag}
          value={filters.tag_id}
          onChange={set('tag_id')}
          clearable
          w={WIDTH}
        />
      )}
      {!companyFixed && hasPermission(permissions, 'view_companies') && (
        // Names a company from a link even when it is beyond the picker's first page.
        <CompanySelect
          aria-label={F.company}
          placeholder={F.anyCompany}
          value={filters.company_id ?? null}
          onChange={set('company_id')}
          clearable
          w={WIDTH}
        />
      )}
    </>
  );
}
