import type { TableQuery } from '@/components/data-table';

export const TEMPLATES_PATH = '/monitoring-templates';

export const templatesKeys = {
  all: ['monitoring-templates'] as const,
  list: (query: TableQuery) => [...templatesKeys.all, 'list', query] as const,
  detail: (id: number) => [...templatesKeys.all, 'detail', id] as const,
};
