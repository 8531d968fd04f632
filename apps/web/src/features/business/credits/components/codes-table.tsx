import { IconMessage, IconTicketOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  CREDIT_CODE_SORT_FIELDS,
  CREDIT_CODE_STATUSES,
  hasPermission,
  type CreditCode,
} from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { getCreditCodes, useCreditCodes } from '../api/get-credit-codes';
import { CREDIT_TEXTS } from '../texts';
import { useCompanyScopedState } from './company-scoped-state';
import { CodeCell } from './code-cell';
import { CodeStatusBadge } from './code-status-badge';
import { creditKindTitle } from './credit-type-title';
import { formatCount } from './format-count';
import type { CodeActions } from './use-code-actions';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

const STATUS_OPTIONS = CREDIT_CODE_STATUSES.map((status) => ({
  value: status,
  label: CREDIT_TEXTS.statuses[status],
}));

const date = (value: string | null) => (value ? formatDateTime(value) : CREDIT_TEXTS.none);
const kind = (row: CreditCode) => creditKindTitle(row.credit_type);

const COLUMNS: DataTableColumn<CreditCode>[] = [
  {
    key: 'code',
    header: CREDIT_TEXTS.code,
    hideable: false,
    render: (row) => <CodeCell code={row.code} />,
  },
  { key: 'credit_type', header: CREDIT_TEXTS.type, render: kind, csv: kind },
  {
    key: 'credits_amount',
    header: CREDIT_TEXTS.amount,
    sortable: true,
    render: (row) => formatCount(row.credits_amount),
  },
  {
    key: 'status',
    header: CREDIT_TEXTS.status,
    // Room for the widest badge ("Not used") and the status filter under the header.
    width: 130,
    filter: { type: 'select', options: STATUS_OPTIONS },
    render: (row) => <CodeStatusBadge status={row.status} />,
    csv: (row) => CREDIT_TEXTS.statuses[row.status],
  },
  { key: 'company_name', header: CREDIT_TEXTS.company, defaultHidden: true },
  { key: 'email', header: CREDIT_TEXTS.createdBy, defaultHidden: true },
  { key: 'comment', header: CREDIT_TEXTS.comment },
  {
    key: 'used_by_company_name',
    header: CREDIT_TEXTS.activatedBy,
    render: (row) => row.used_by_company_name ?? CREDIT_TEXTS.none,
  },
  {
    key: 'activated_at',
    header: CREDIT_TEXTS.activatedAt,
    sortable: true,
    defaultHidden: true,
    render: (row) => date(row.activated_at),
    csv: (row) => date(row.activated_at),
  },
  {
    key: 'created_at',
    header: CREDIT_TEXTS.createdAt,
    sortable: true,
    render: (row) => date(row.created_at),
    csv: (row) => date(row.created_at),
  },
];

function rowItems(code: CreditCode, actions: CodeActions): RowMenuItem[] {
  const items: RowMenuItem[] = [
    {
      label: CREDIT_TEXTS.editComment,
      icon: <IconMessage size={14} />,
      onClick: () => actions.editComment(code),
    },
  ];
  // Used codes have handed their credits over; revoked ones already gave them back.
  if (code.status === 'active') {
    items.push({
      label: CREDIT_TEXTS.revoke,
      icon: <IconTicketOff size={14} />,
      color: 'red',
      onClick: () => actions.revoke(code),
    });
  }
  return items;
}

/**
 * The codes the user's companies created, with their status, copy buttons and actions. With
 * `companyId`, only the codes that company created, without the company filter.
 */
export function CodesTable({ actions, companyId }: { actions: CodeActions; companyId?: number }) {
  const { permissions } = useCurrentUser();
  const columns = useMemo(() => {
    if (!actions.allowed) return COLUMNS;
    const menu: DataTableColumn<CreditCode> = {
      key: 'actions',
      header: CREDIT_TEXTS.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <RowMenu label={row.code} items={rowItems(row, actions)} />,
    };
    return [...COLUMNS, menu];
  }, [actions]);
  const pageState = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: CREDIT_CODE_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  const state = useCompanyScopedState(pageState, COMPANY_PARAM, companyId);
  const result = useCreditCodes(state.query);
  return (
    <DataTable
      label={CREDIT_TEXTS.codes}
      tableId="credit-codes"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={CREDIT_TEXTS.codesEmpty}
      searchable={false}
      filters={
        companyId === undefined &&
        hasPermission(permissions, 'view_companies') && (
          <CompanyFilter
            value={state.query.filters[COMPANY_PARAM]}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
      exportCsv={{ filename: 'codes.csv', fetchPage: getCreditCodes }}
    />
  );
}
