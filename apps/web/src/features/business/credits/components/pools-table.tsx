import { Group } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { CREDIT_POOL_SORT_FIELDS, hasPermission, type CreditPool } from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type TableQueryState,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { downloadPoolReport } from '../api/download-pool-report';
import { getCreditPools, useCreditPools } from '../api/get-credit-pools';
import { CREDIT_TEXTS } from '../texts';
import { useCompanyScopedState } from './company-scoped-state';
import { localCreditTypeTitle } from './credit-type-title';
import { formatCount, formatDecimal } from './format-count';
import { CreditTypeFilter } from './credit-type-filter';

export const COMPANY_PARAM = 'company_id';
const TYPE_PARAM = 'credit_type_id';
export const POOL_FILTERS = { [COMPANY_PARAM]: 'text', [TYPE_PARAM]: 'text' } as const;

const date = (value: string | null) => (value ? formatDateTime(value) : CREDIT_TEXTS.none);

export const POOL_COLUMNS: DataTableColumn<CreditPool>[] = [
  { key: 'id', header: CREDIT_TEXTS.id, sortable: true, defaultHidden: true },
  {
    key: 'company_name',
    header: CREDIT_TEXTS.company,
    sortable: true,
    searchable: true,
    hideable: false,
  },
  {
    // Sorting by type sorts by its id (free before paid of each kind).
    key: 'credit_type_id',
    header: CREDIT_TEXTS.type,
    sortable: true,
    render: (row) => localCreditTypeTitle(row.credit_type_title),
    csv: (row) => localCreditTypeTitle(row.credit_type_title),
  },
  {
    key: 'credit_count',
    header: CREDIT_TEXTS.count,
    sortable: true,
    render: (row) => formatCount(row.credit_count),
  },
  {
    key: 'credit_left',
    header: CREDIT_TEXTS.left,
    sortable: true,
    render: (row) => formatCount(row.credit_left),
  },
  {
    key: 'credit_reserved',
    header: CREDIT_TEXTS.reserved,
    render: (row) => formatCount(row.credit_reserved),
  },
  {
    key: 'origin',
    header: CREDIT_TEXTS.origin,
    render: (row) => CREDIT_TEXTS.origins[row.origin],
    csv: (row) => CREDIT_TEXTS.origins[row.origin],
  },
  {
    key: 'credit_price',
    header: CREDIT_TEXTS.price,
    defaultHidden: true,
    render: (row) => formatDecimal(row.credit_price),
  },
  {
    key: 'pro_form_nr',
    header: CREDIT_TEXTS.proForma,
    searchable: true,
    defaultHidden: true,
    render: (row) => row.pro_form_nr ?? CREDIT_TEXTS.none,
  },
  {
    key: 'assigned_at',
    header: CREDIT_TEXTS.assignedAt,
    sortable: true,
    render: (row) => date(row.assigned_at),
    csv: (row) => date(row.assigned_at),
  },
  {
    key: 'expire_at',
    header: CREDIT_TEXTS.expireAt,
    render: (row) => date(row.expire_at),
    csv: (row) => date(row.expire_at),
  },
  {
    key: 'actions',
    header: CREDIT_TEXTS.actions,
    pinned: 'right',
    hideable: false,
    csv: false,
    width: 60,
    render: (row) => (
      <RowMenu
        label={`${CREDIT_TEXTS.pool} ${row.id}`}
        items={[
          {
            label: CREDIT_TEXTS.poolReport,
            icon: <IconFileTypePdf size={14} />,
            onClick: () => void downloadPoolReport(row.id),
          },
        ]}
      />
    ),
  },
];

/** Payment data (spec: show_payment): hidden from users whose company does not show payment. */
const PAYMENT_COLUMNS = new Set(['credit_price', 'pro_form_nr']);

/** The pools page's table state: the page reads the company filter for its summary too. */
export function usePoolsQueryState(): TableQueryState {
  return useTableQueryState({
    defaultSort: '-assigned_at',
    sortFields: CREDIT_POOL_SORT_FIELDS,
    columns: POOL_COLUMNS,
    filters: POOL_FILTERS,
  });
}

/**
 * The resource pools with company and type filters, search, sort, paging and CSV export. With
 * `companyId`, only that company's pools, without the company filter.
 */
export function PoolsTable({
  state: pageState,
  companyId,
}: {
  state: TableQueryState;
  companyId?: number;
}) {
  const { permissions, show_payment: showPayment } = useCurrentUser();
  const state = useCompanyScopedState(pageState, COMPANY_PARAM, companyId);
  const columns =
    showPayment || hasPermission(permissions, 'super_admin')
      ? POOL_COLUMNS
      : POOL_COLUMNS.filter((column) => !PAYMENT_COLUMNS.has(column.key));
  const canPickCompany = companyId === undefined && hasPermission(permissions, 'view_companies');
  const result = useCreditPools(state.query);
  const filters = (
    <Group gap="xs">
      {canPickCompany && (
        <CompanyFilter
          value={state.query.filters[COMPANY_PARAM]}
          onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
        />
      )}
      <CreditTypeFilter
        value={state.query.filters[TYPE_PARAM]}
        onChange={(value) => state.setFilter(TYPE_PARAM, value)}
      />
    </Group>
  );
  return (
    <DataTable
      label={CREDIT_TEXTS.pools}
      tableId="credit-pools"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={CREDIT_TEXTS.poolsEmpty}
      searchPlaceholder={CREDIT_TEXTS.poolsSearch}
      filters={filters}
      exportCsv={{ filename: 'resources.csv', fetchPage: getCreditPools }}
    />
  );
}
