import {
  COMPANY_DATA_HISTORY_SORT_FIELDS,
  hasPermission,
  type CompanyDataPurchase,
} from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
  type TableQueryState,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { getCompanyDataPurchases, useCompanyDataPurchases } from '../api/get-company-data';
import { CREDIT_TEXTS } from '../texts';
import { formatCount, formatDecimal } from './format-count';
import { useCompanyScopedState } from './company-scoped-state';

export const DATA_COMPANY_PARAM = 'company_id';
const FILTERS = { [DATA_COMPANY_PARAM]: 'text' } as const;
const GIB = 1024 ** 3;

/** Bytes as the GB a purchase bought (a GB is 1024³ bytes; purchases are whole GB). */
const gigabytes = (row: CompanyDataPurchase) =>
  CREDIT_TEXTS.gigabytes(String(Number((row.data / GIB).toFixed(2))));
const shownGigabytes = (row: CompanyDataPurchase) =>
  CREDIT_TEXTS.gigabytes(formatDecimal(row.data / GIB));
const buyer = (row: CompanyDataPurchase) => row.email ?? row.user ?? CREDIT_TEXTS.none;
const date = (row: CompanyDataPurchase) => formatDateTime(row.created_at);

const COLUMNS: DataTableColumn<CompanyDataPurchase>[] = [
  {
    key: 'created_at',
    header: CREDIT_TEXTS.date,
    sortable: true,
    hideable: false,
    render: date,
    csv: date,
  },
  { key: 'company', header: CREDIT_TEXTS.company, sortable: true, searchable: true },
  {
    key: 'credits_used',
    header: CREDIT_TEXTS.creditsUsed,
    sortable: true,
    render: (row) => formatCount(row.credits_used),
  },
  {
    key: 'data',
    header: CREDIT_TEXTS.dataBought,
    sortable: true,
    render: shownGigabytes,
    csv: gigabytes,
  },
  { key: 'email', header: CREDIT_TEXTS.user, searchable: true, render: buyer, csv: buyer },
];

/** The data purchases page's table state: the page reads the company filter for its total too. */
export function useDataPurchasesQueryState(): TableQueryState {
  return useTableQueryState({
    defaultSort: '-created_at',
    sortFields: COMPANY_DATA_HISTORY_SORT_FIELDS,
    columns: COLUMNS,
    filters: FILTERS,
  });
}

/**
 * GET /companies/data/history with a company filter, search, sort, paging and CSV export. With
 * `companyId`, only that company's purchases, without the company filter.
 */
export function DataPurchasesTable({
  state: pageState,
  companyId,
}: {
  state: TableQueryState;
  companyId?: number;
}) {
  const { permissions } = useCurrentUser();
  const state = useCompanyScopedState(pageState, DATA_COMPANY_PARAM, companyId);
  const result = useCompanyDataPurchases(state.query);
  return (
    <DataTable
      label={CREDIT_TEXTS.dataPurchases}
      tableId="company-data-purchases"
      columns={COLUMNS}
      state={state}
      result={result}
      emptyMessage={CREDIT_TEXTS.dataPurchasesEmpty}
      searchPlaceholder={CREDIT_TEXTS.dataPurchasesSearch}
      filters={
        companyId === undefined &&
        hasPermission(permissions, 'view_companies') && (
          <CompanyFilter
            value={state.query.filters[DATA_COMPANY_PARAM]}
            onChange={(value) => state.setFilter(DATA_COMPANY_PARAM, value)}
          />
        )
      }
      exportCsv={{ filename: 'data-purchases.csv', fetchPage: getCompanyDataPurchases }}
    />
  );
}
