import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBreadcrumbs, type BreadcrumbItem } from '@/components/breadcrumbs';
import { ActionsTable } from '../components/actions-table';
import { TemplatesTable } from '../components/templates-table';
import { useTemplateActions } from '../components/use-template-actions';
import {
  ACTION_PARAM,
  CONFIG_TABS,
  DEVICE_CONFIGURATION_ROUTE,
  readTab,
  TAB_PARAM,
  tabSearch,
} from '../paths';
import { CONFIG_TEXTS as T, TAB_LABELS } from '../texts';
import { ActionDetailView } from './action-detail-view';

/**
 * Route `device-configuration`: the templates, or the activity (every configuration sent) and
 * one action of it (`?action=`). Only the shown tab is mounted: each table keeps its paging and
 * search in the URL, which the other would read as its own.
 */
export function DeviceConfigurationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const actions = useTemplateActions();
  const actionName = params.get(ACTION_PARAM) || undefined;
  const tab = actionName === undefined ? readTab(params.get(TAB_PARAM)) : 'activity';
  const crumbs: BreadcrumbItem[] = [
    { label: T.title, to: DEVICE_CONFIGURATION_ROUTE },
    actionName === undefined
      ? { label: TAB_LABELS[tab] }
      : { label: TAB_LABELS.activity, to: `${DEVICE_CONFIGURATION_ROUTE}${tabSearch('activity')}` },
    ...(actionName === undefined ? [] : [{ label: actionName }]),
  ];

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={crumbs} />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        {tab === 'templates' && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.create}>
            {T.newTemplate}
          </Button>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = CONFIG_TABS.find((candidate) => candidate === value);
          if (next) void navigate({ search: tabSearch(next) });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {CONFIG_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesTable actions={actions} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          {actionName === undefined ? (
            <ActionsTable />
          ) : (
            // Keyed: another action starts afresh (its table's selection included).
            <ActionDetailView key={actionName} name={actionName} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
