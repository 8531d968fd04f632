import type { VpnHub } from '@netfleet/contracts';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { hubPath, type HubTab } from '../paths';
import { HUB_TAB_LABELS } from '../texts';
import { ClientsTab } from './clients-tab';
import { ConfigurationTab } from './configuration-tab';
import { DataUsageTab } from './data-usage-tab';
import { GeneralTab } from './general-tab';
import { RoutesTab } from './routes-tab';

/** The hub's tabs; the tab is the route's `:tab`. */
export function HubTabs({ hub }: { hub: VpnHub }) {
  const tabs: RoutedTab<HubTab>[] = [
    { value: 'general', label: HUB_TAB_LABELS.general, render: () => <GeneralTab hub={hub} /> },
    {
      value: 'clients',
      label: HUB_TAB_LABELS.clients,
      render: () => <ClientsTab hubId={hub.id} />,
    },
    { value: 'routes', label: HUB_TAB_LABELS.routes, render: () => <RoutesTab hubId={hub.id} /> },
    {
      value: 'data-usage',
      label: HUB_TAB_LABELS['data-usage'],
      render: () => <DataUsageTab hubId={hub.id} />,
    },
    {
      value: 'configuration',
      label: HUB_TAB_LABELS.configuration,
      render: () => <ConfigurationTab hubId={hub.id} />,
    },
  ];
  return <RoutedTabs tabs={tabs} source={{ param: 'tab', path: (tab) => hubPath(hub.id, tab) }} />;
}
