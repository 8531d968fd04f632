import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconBinaryTree, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { COMPANY_MAX_LEVEL, COMPANY_SORT_FIELDS, type Company } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { openFormDialog } from '@/components/schema-form';
import { useCurrentUser } from '@/lib/current-user';
import { useCompanies } from '../api/get-companies';
import { COMPANIES_PATH } from '../api/keys';
import { CompanyRowMenu } from '../components/company-row-menu';
import { useCompanyActions } from '../components/use-company-actions';
import { newCompanyForm } from '../forms/new-company';
import { companyPath, COMPANY_TREE_ROUTE } from '../paths';
import { COMPANY_TEXTS } from '../texts';

const LEVEL_OPTIONS = Array.from({ length: COMPANY_MAX_LEVEL }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));

const companyLink = (id: number, name: string | null) => (
  <Anchor component={Link} to={companyPath(id)} size="sm">
    {name}
  </Anchor>
);

/** The columns whose filters and search fields live in the URL (actions added per user). */
function companyColumns(ownCompanyId: number): DataTableColumn<Company>[] {
  return [
    {
      key: 'name',
      header: COMPANY_TEXTS.name,
      sortable: true,
      searchable: true,
      hideable: false,
      render: (row) => companyLink(row.id, row.name),
    },
    {
      key: 'level',
      header: COMPANY_TEXTS.levelLabel,
      sortable: true,
      filter: { type: 'select', options: LEVEL_OPTIONS },
    },
    {
      key: 'parent_name',
      header: COMPANY_TEXTS.parent,
      // The parent of the user's own company is outside what the user can open.
      render: (row) =>
        row.parent_id === null || row.id === ownCompanyId
          ? (row.parent_name ?? COMPANY_TEXTS.none)
          : companyLink(row.parent_id, row.parent_name),
    },
    { key: 'users_count', header: COMPANY_TEXTS.users },
    { key: 'devices_count', header: COMPANY_TEXTS.devices },
    { key: 'child_count', header: COMPANY_TEXTS.subsidiaries },
    { key: 'email', header: COMPANY_TEXTS.email, searchable: true },
    {
      key: 'created_at',
      header: COMPANY_TEXTS.createdAt,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      csv: (row) => formatDateTime(row.created_at),
    },
  ];
}

/** Route `companies`: the companies the user can see, with the company actions in each row. */
export function CompaniesPage() {
  const user = useCurrentUser();
  const actions = useCompanyActions();
  const columns = useMemo(() => {
    const base = companyColumns(user.company_id);
    if (!actions.allowed) return base;
    const menu: DataTableColumn<Company> = {
      key: 'actions',
      pinned: 'right',
      header: COMPANY_TEXTS.actions,
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <CompanyRowMenu company={row} actions={actions} />,
    };
    return [...base, menu];
  }, [user.company_id, actions]);
  const state = useTableQueryState({
    defaultSort: 'name',
    sortFields: COMPANY_SORT_FIELDS,
    columns,
  });
  const result = useCompanies(state.query);

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: COMPANY_TEXTS.companies }]} />
      <Group justify="space-between">
        <Title order={2}>{COMPANY_TEXTS.companies}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to={COMPANY_TREE_ROUTE}
            leftSection={<IconBinaryTree size={16} aria-hidden />}
          >
            {COMPANY_TEXTS.treeView}
          </Button>
          {actions.allowed && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => openFormDialog(newCompanyForm)}
            >
              {COMPANY_TEXTS.newCompany}
            </Button>
          )}
        </Group>
      </Group>
      <DataTable
        label={COMPANY_TEXTS.companies}
        tableId="companies"
        columns={columns}
        state={state}
        result={result}
        emptyMessage={COMPANY_TEXTS.empty}
        searchPlaceholder={COMPANY_TEXTS.searchPlaceholder}
        exportCsv={{ filename: 'companies.csv', endpoint: COMPANIES_PATH }}
      />
    </Stack>
  );
}
