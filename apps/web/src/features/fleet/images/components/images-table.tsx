import { useMemo } from 'react';
import { hasPermission, IMAGE_SORT_FIELDS } from '@netfleet/contracts';
import { CompanyFilter } from '@/components/company-select';
import { DataTable, useTableQueryState } from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { getImages, useImages } from '../api/get-images';
import { IMAGES_TEXTS as T } from '../texts';
import { EmptyImages } from './empty-images';
import { imageColumns } from './image-columns';
import type { ImageActions } from './use-image-actions';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

/** The images with their thumbnails, newest first, with search, company filter, sort, paging. */
export function ImagesTable({ actions }: { actions: ImageActions }) {
  const { permissions } = useCurrentUser();
  const columns = useMemo(() => imageColumns(actions), [actions]);
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: IMAGE_SORT_FIELDS,
    columns,
    filters: FILTERS,
  });
  const result = useImages(state.query);
  const { q, offset, filters } = state.query;

  if (result.data?.total === 0 && !q && offset === 0 && Object.keys(filters).length === 0) {
    return <EmptyImages onUpload={actions.upload} />;
  }
  return (
    <DataTable
      label={T.table}
      tableId="images"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      filters={
        hasPermission(permissions, 'view_companies') && (
          <CompanyFilter
            value={filters[COMPANY_PARAM]}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
      exportCsv={{ filename: 'images.csv', fetchPage: getImages }}
    />
  );
}
