import {
  Alert,
  Button,
  Center,
  filterTreeData,
  getTreeExpandedState,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconTable } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { TreeExpandedState } from '../components/company-tree-data';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { useCompanyTree } from '../api/get-company-tree';
import { CompanyTree } from '../components/company-tree';
import { toTreeData } from '../components/company-tree-data';
import { COMPANIES_ROUTE } from '../paths';
import { COMPANY_TEXTS } from '../texts';

/** Route `companies.tree`: every visible company under its parent. */
export function CompanyTreePage() {
  const query = useCompanyTree();
  const data = useMemo(() => toTreeData(query.data ?? []), [query.data]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTreeData(data, search), [data, search]);
  // Opened with the top level expanded; a search opens every branch leading to a match.
  const [expanded, setExpanded] = useState<TreeExpandedState | null>(null);
  const current =
    expanded ??
    getTreeExpandedState(
      data,
      data.map((node) => node.value),
    );

  const changeSearch = (next: string) => {
    setSearch(next);
    if (next.trim()) setExpanded(getTreeExpandedState(filterTreeData(data, next), '*'));
  };

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={COMPANY_TEXTS.loading} />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" title={COMPANY_TEXTS.loadFailed}>
        {query.error.message}
      </Alert>
    );
  } else if (shown.length === 0) {
    body = <Text c="dimmed">{search.trim() ? COMPANY_TEXTS.treeEmpty : COMPANY_TEXTS.empty}</Text>;
  } else {
    body = (
      <CompanyTree data={shown} expanded={current} onExpandedChange={setExpanded} search={search} />
    );
  }

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: COMPANY_TEXTS.companies, to: COMPANIES_ROUTE },
          { label: COMPANY_TEXTS.tree },
        ]}
      />
      <Group justify="space-between">
        <Title order={2}>{COMPANY_TEXTS.tree}</Title>
        <Button
          variant="default"
          component={Link}
          to={COMPANIES_ROUTE}
          leftSection={<IconTable size={16} aria-hidden />}
        >
          {COMPANY_TEXTS.tableView}
        </Button>
      </Group>
      <Group gap="xs">
        <TextInput
          aria-label={COMPANY_TEXTS.treeSearch}
          placeholder={COMPANY_TEXTS.treeSearch}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => changeSearch(event.currentTarget.value)}
          w={280}
        />
        <Button variant="default" onClick={() => setExpanded(getTreeExpandedState(shown, '*'))}>
          {COMPANY_TEXTS.expandAll}
        </Button>
        <Button variant="default" onClick={() => setExpanded(getTreeExpandedState(shown, []))}>
          {COMPANY_TEXTS.collapseAll}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
