import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageBreadcrumbs, type BreadcrumbItem } from '@/components/breadcrumbs';
import { RoutedTabs, useRoutedTab, type RoutedTab } from '@/components/routed-tabs';
import { ActionsTable } from '../components/actions-table';
import { TemplatesTable } from '../components/templates-table';
import { useTemplateActions } from '../components/use-template-actions';
import {
  ACTION_PARAM,
  CONFIG_TABS,
  DEVICE_CONFIGURATION_ROUTE,
  TAB_PARAM,
  tabSearch,
  type ConfigTab,
} from '../paths';
import { CONFIG_TEXTS as T, TAB_LABELS } from '../texts';
import { ActionDetailView } from './action-detail-view';

const SOURCE = { query: TAB_PARAM };

/**
 * Route `device-configuration`: the templates, or the activity (every configuration sent) and
 * one action of it (`?action=`).
 */
export function DeviceConfigurationPage() {
  const [params] = useSearchParams();
  const actions = useTemplateActions();
  const actionName = params.get(ACTION_PARAM) || undefined;
  const routed = useRoutedTab(CONFIG_TABS, SOURCE);
  const tab = actionName === undefined ? routed : 'activity';
  const crumbs: BreadcrumbItem[] = [
    { label: T.title, to: DEVICE_CONFIGURATION_ROUTE },
    actionName === undefined
      ? { label: TAB_LABELS[tab] }
      : { label: TAB_LABELS.activity, to: `${DEVICE_CONFIGURATION_ROUTE}${tabSearch('activity')}` },
    ...(actionName === undefined ? [] : [{ label: actionName }]),
  ];

  const tabs: RoutedTab<ConfigTab>[] = [
    {
      value: 'templates',
      label: TAB_LABELS.templates,
      render: () => <TemplatesTable actions={actions} />,
    },
    {
      value: 'activity',
      label: TAB_LABELS.activity,
      render: () =>
        actionName === undefined ? (
          <ActionsTable />
        ) : (
          // Keyed: another action starts afresh (its table's selection included).
          <ActionDetailView key={actionName} name={actionName} />
        ),
    },
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
      <RoutedTabs tabs={tabs} source={SOURCE} value={tab} />
    </Stack>
  );
}
