import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { hasPermission, TAG_SORT_FIELDS, type Tag } from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { getTags, useTags } from '../api/get-tags';
import { tagPath } from '../paths';
import { TAG_TEXTS } from '../texts';
import { TagName } from './tag-name';
import { TagRowMenu } from './tag-row-menu';
import { useTagActions } from './use-tag-actions';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

interface TagsTableProps {
  /** One company's tags (the company page); otherwise every visible tag with a company filter. */
  companyId?: number;
}

function tagColumns(companyLinks: boolean): DataTableColumn<Tag>[] {
  return [
    {
      key: 'name',
      header: TAG_TEXTS.name,
      sortable: true,
      searchable: true,
      hideable: false,
      render: (row) => (
        <Anchor component={Link} to={tagPath(row.id)} size="sm">
          <TagName color={row.color}>{row.name}</TagName>
        </Anchor>
      ),
    },
    { key: 'description', header: TAG_TEXTS.description, searchable: true },
    {
      key: 'color',
      header: TAG_TEXTS.color,
      defaultHidden: true,
      render: (row) => row.color ?? TAG_TEXTS.defaultColor,
    },
    {
      key: 'company_name',
      header: TAG_TEXTS.company,
      sortable: true,
      render: (row) =>
        companyLinks ? (
          <Anchor component={Link} to={`/companies/${row.company_id}`} size="sm">
            {row.company_name}
          </Anchor>
        ) : (
          row.company_name
        ),
    },
    { key: 'devices_count', header: TAG_TEXTS.devices, sortable: true },
    {
      key: 'created_at',
      header: TAG_TEXTS.createdAt,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      csv: (row) => formatDateTime(row.created_at),
    },
  ];
}

/** Tags with search, sort, paging, CSV export and, with manage_tags, edit and (bulk) delete. */
export function TagsTable({ companyId }: TagsTableProps) {
  const { permissions } = useCurrentUser();
  const canSeeCompanies = hasPermission(permissions, 'view_companies');
  const actions = useTagActions();
  const columns = useMemo(() => {
    const base = tagColumns(canSeeCompanies);
    if (!actions.allowed) return base;
    const menu: DataTableColumn<Tag> = {
      key: 'actions',
      pinned: 'right',
      header: TAG_TEXTS.actions,
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <TagRowMenu tag={row} actions={actions} />,
    };
    return [...base, menu];
  }, [canSeeCompanies, actions]);
  const bulkActions = useMemo<BulkAction<Tag>[] | undefined>(
    () =>
      actions.allowed
        ? [{ label: TAG_TEXTS.delete, color: 'red', onClick: (rows) => actions.remove(rows) }]
        : undefined,
    [actions],
  );
  const state = useTableQueryState({
    defaultSort: 'name',
    sortFields: TAG_SORT_FIELDS,
    columns,
    filters: companyId === undefined ? FILTERS : undefined,
  });
  const companyFilter = state.query.filters[COMPANY_PARAM];
  const result = useTags(state.query, companyId);

  return (
    <DataTable
      label={TAG_TEXTS.tags}
      tableId={companyId === undefined ? 'tags' : 'company-tags'}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={TAG_TEXTS.empty}
      searchPlaceholder={TAG_TEXTS.searchPlaceholder}
      filters={
        companyId === undefined &&
        canSeeCompanies && (
          <CompanyFilter
            value={companyFilter}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
      bulkActions={bulkActions}
      exportCsv={{
        filename: 'tags.csv',
        fetchPage: (query, signal) => getTags(query, companyId, signal),
      }}
    />
  );
}
