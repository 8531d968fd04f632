import { IconFileAnalytics, IconList, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  hasPermission,
  REPORT_TEMPLATE_SORT_FIELDS,
  type ReportTemplate,
} from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { useReportTemplates } from '../api/get-report-templates';
import type { ReportKind } from '../model/report-kind';
import { REPORT_TEXTS as T } from '../texts';
import { TEMPLATE_COLUMNS } from './template-columns';
import type { TemplateActions } from './use-template-actions';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

function rowItems(template: ReportTemplate, actions: TemplateActions): RowMenuItem[] {
  const items: RowMenuItem[] = [
    {
      label: T.generatedReports,
      icon: <IconList size={14} />,
      onClick: () => actions.generated(template),
    },
  ];
  if (!actions.allowed) return items;
  return [
    ...items,
    {
      label: T.generate,
      icon: <IconFileAnalytics size={14} />,
      onClick: () => actions.generate(template),
    },
    { label: T.edit, icon: <IconPencil size={14} />, onClick: () => actions.edit(template) },
    {
      label: T.delete,
      icon: <IconTrash size={14} />,
      color: 'red',
      onClick: () => actions.remove(template),
    },
  ];
}

interface TemplatesTableProps {
  kind: ReportKind;
  actions: TemplateActions;
  /** The company page's tab: that company's reports only, without the company filter. */
  companyId?: number;
}

/**
 * Report templates of one kind (single, or periodic over a day, week or month) with search,
 * sorting, paging and the company filter in the URL; a row opens its generated reports.
 */
export function TemplatesTable({ kind, actions, companyId }: TemplatesTableProps) {
  const { permissions } = useCurrentUser();
  const columns = useMemo(() => {
    const menu: DataTableColumn<ReportTemplate> = {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <RowMenu label={row.name} items={rowItems(row, actions)} />,
    };
    return [...TEMPLATE_COLUMNS, menu];
  }, [actions]);
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: REPORT_TEMPLATE_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  // The list's own company filter is one of the query's filters; the tab's company overrides it.
  const result = useReportTemplates(kind, companyId ?? null, state.query);
  return (
    <DataTable
      label={T.templates}
      tableId="report-templates"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.templatesEmpty}
      searchPlaceholder={T.search}
      onRowClick={actions.generated}
      filters={
        companyId === undefined &&
        hasPermission(permissions, 'view_companies') && (
          <CompanyFilter
            value={state.query.filters[COMPANY_PARAM]}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
    />
  );
}
