import { useMemo } from 'react';
import { FILE_SORT_FIELDS, FILES_ZIP_MAX, hasPermission } from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import {
  DataTable,
  useTableQueryState,
  type BulkAction,
  type TableQueryState,
} from '@/components/data-table';
import type { FileInfo } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { getFiles, useFiles } from '../api/get-files';
import { FILES_TEXTS as T } from '../texts';
import { EmptyFiles } from './empty-files';
import { fileColumns } from './file-columns';
import type { FileActions } from './use-file-actions';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

/** The state with the company filter held to `companyId`, whatever the URL says. */
function useCompanyState(state: TableQueryState, companyId: number | undefined): TableQueryState {
  return useMemo(
    () =>
      companyId === undefined
        ? state
        : {
            ...state,
            query: {
              ...state.query,
              filters: { ...state.query.filters, [COMPANY_PARAM]: String(companyId) },
            },
          },
    [state, companyId],
  );
}

interface FilesTableProps {
  actions: FileActions;
  /** Only this company's files (the company page's files tab); its filter is then not offered. */
  companyId?: number | undefined;
}

/** The files, newest first, with search, type/model/company filters, sort, paging and ZIP. */
export function FilesTable({ actions, companyId }: FilesTableProps) {
  const { permissions } = useCurrentUser();
  const columns = useMemo(() => fileColumns(actions), [actions]);
  const pageState = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: FILE_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  const state = useCompanyState(pageState, companyId);
  const result = useFiles(state.query);
  const bulkActions = useMemo<BulkAction<FileInfo>[]>(
    () => [
      {
        label: T.downloadZip,
        onClick: actions.downloadZip,
        disabled: (rows) => rows.length > FILES_ZIP_MAX,
      },
    ],
    [actions],
  );
  const { q, offset, filters } = state.query;

  // Nothing at all yet (not just nothing matching): say what files are for.
  const ownFilters = Object.keys(filters).filter(
    (key) => companyId === undefined || key !== COMPANY_PARAM,
  );
  if (result.data?.total === 0 && !q && offset === 0 && ownFilters.length === 0) {
    return <EmptyFiles onUpload={actions.upload} />;
  }
  return (
    <DataTable
      label={T.table}
      tableId="files"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      bulkActions={bulkActions}
      filters={
        companyId === undefined &&
        hasPermission(permissions, 'view_companies') && (
          <CompanyFilter
            value={filters[COMPANY_PARAM]}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
      exportCsv={{ filename: 'files.csv', fetchPage: getFiles }}
    />
  );
}
