import { Navigate, useParams } from 'react-router';
import { readTab } from '@/components/routed-tabs';
import { HubPageFrame } from '../components/hub-page-frame';
import { HubTabs } from '../components/hub-tabs';
import { QUICK_TABS, quickHubPath, VPN_HUBS_ROUTE } from '../paths';
import { VPN_TEXTS as T } from '../texts';

/** Route `vpn.hub` (/vpn/hubs/:id/:tab?): one hub; a quick hub (from search) opens on its own page. */
export function VpnHubPage() {
  const { tab } = useParams();
  return (
    <HubPageFrame parent={{ label: T.hubs, to: VPN_HUBS_ROUTE }}>
      {(hub) =>
        hub.quick_hub === 1 ? (
          <Navigate to={quickHubPath(hub.id, readTab(QUICK_TABS, tab))} replace />
        ) : (
          <HubTabs hub={hub} />
        )
      }
    </HubPageFrame>
  );
}
