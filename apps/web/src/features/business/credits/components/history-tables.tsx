import { hasPermission, type CreditHistoryEntry, type CreditMove } from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import {
  getCreditHistory,
  getCreditMoves,
  useCreditHistory,
  useCreditMoves,
} from '../api/get-credit-history';
import { CREDIT_TEXTS } from '../texts';
import { creditKindTitle } from './credit-type-title';
import { formatCount } from './format-count';
import { formatSigned, SignedAmount } from './signed-amount';

const COMPANY_PARAM = 'company_id';
/** The history page's choice of list (ledger or moves), next to the tables' own parameters. */
export const HISTORY_VIEW_PARAM = 'view';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;
// The contracts name no sort fields for these lists; the date is the one every ledger sorts by.
const SORT_FIELDS = ['created_at'] as const;

const orNone = (value: string | null) => value ?? CREDIT_TEXTS.none;
const kind = (row: { credit_type_name: CreditHistoryEntry['credit_type_name'] }) =>
  creditKindTitle(row.credit_type_name);

const createdAt = {
  key: 'created_at',
  header: CREDIT_TEXTS.date,
  sortable: true,
  hideable: false,
  render: (row: { created_at: string }) => formatDateTime(row.created_at),
  csv: (row: { created_at: string }) => formatDateTime(row.created_at),
};

const LEDGER_COLUMNS: DataTableColumn<CreditHistoryEntry>[] = [
  createdAt,
  { key: 'action', header: CREDIT_TEXTS.action },
  { key: 'company', header: CREDIT_TEXTS.company },
  { key: 'credit_type_name', header: CREDIT_TEXTS.type, render: kind, csv: kind },
  {
    key: 'amount',
    header: CREDIT_TEXTS.amount,
    render: (row) => <SignedAmount amount={row.amount} />,
    csv: (row) => formatSigned(row.amount),
  },
  {
    key: 'balance_after',
    header: CREDIT_TEXTS.balance,
    render: (row) => formatCount(row.balance_after),
  },
  {
    key: 'counterpart_company',
    header: CREDIT_TEXTS.counterpart,
    render: (row) => orNone(row.counterpart_company),
  },
  { key: 'user', header: CREDIT_TEXTS.user, render: (row) => orNone(row.user) },
  {
    key: 'serial',
    header: CREDIT_TEXTS.device,
    defaultHidden: true,
    render: (row) => orNone(row.serial),
  },
];

const MOVE_COLUMNS: DataTableColumn<CreditMove>[] = [
  createdAt,
  { key: 'from_company', header: CREDIT_TEXTS.fromCompany },
  { key: 'to_company', header: CREDIT_TEXTS.toCompany },
  { key: 'credit_type_name', header: CREDIT_TEXTS.type, render: kind, csv: kind },
  { key: 'count', header: CREDIT_TEXTS.amount, render: (row) => formatCount(row.count) },
  { key: 'user', header: CREDIT_TEXTS.user, render: (row) => orNone(row.user) },
];

function useHistoryState(columns: readonly DataTableColumn<never>[]) {
  return useTableQueryState({
    defaultSort: '-created_at',
    sortFields: SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
}

function HistoryCompanyFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { permissions } = useCurrentUser();
  if (!hasPermission(permissions, 'view_companies')) return null;
  return <CompanyFilter value={value} onChange={onChange} />;
}

/** GET /credits/history: every change of a company's resources, signed, with the balance after. */
export function LedgerTable() {
  const state = useHistoryState(LEDGER_COLUMNS);
  const result = useCreditHistory(state.query);
  return (
    <DataTable
      label={CREDIT_TEXTS.ledger}
      tableId="credit-history"
      columns={LEDGER_COLUMNS}
      state={state}
      result={result}
      emptyMessage={CREDIT_TEXTS.ledgerEmpty}
      searchable={false}
      filters={
        <HistoryCompanyFilter
          value={state.query.filters[COMPANY_PARAM]}
          onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
        />
      }
      exportCsv={{ filename: 'resource-history.csv', fetchPage: getCreditHistory }}
    />
  );
}

/** GET /credits/move/history: resources moved between a company and its subsidiaries. */
export function MovesTable() {
  const state = useHistoryState(MOVE_COLUMNS);
  const result = useCreditMoves(state.query);
  return (
    <DataTable
      label={CREDIT_TEXTS.moves}
      tableId="credit-moves"
      columns={MOVE_COLUMNS}
      state={state}
      result={result}
      emptyMessage={CREDIT_TEXTS.movesEmpty}
      searchable={false}
      filters={
        <HistoryCompanyFilter
          value={state.query.filters[COMPANY_PARAM]}
          onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
        />
      }
      exportCsv={{ filename: 'resource-moves.csv', fetchPage: getCreditMoves }}
    />
  );
}
