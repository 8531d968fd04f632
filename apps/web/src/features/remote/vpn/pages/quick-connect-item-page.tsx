import { Navigate, useParams } from 'react-router';
import { readTab } from '@/components/routed-tabs';
import { HubPageFrame } from '../components/hub-page-frame';
import { QuickTabs } from '../components/quick-tabs';
import { HUB_TABS, hubPath, QUICK_CONNECT_ROUTE } from '../paths';
import { VPN_TEXTS as T } from '../texts';

/** Route `vpn.quick-connect.item` (/vpn/quick-connect/:id/:tab?): one quick hub. */
export function QuickConnectItemPage() {
  const { tab } = useParams();
  return (
    <HubPageFrame parent={{ label: T.quickConnect, to: QUICK_CONNECT_ROUTE }}>
      {(hub) =>
        hub.quick_hub === 1 ? (
          <QuickTabs hub={hub} />
        ) : (
          <Navigate to={hubPath(hub.id, readTab(HUB_TABS, tab))} replace />
        )
      }
    </HubPageFrame>
  );
}
