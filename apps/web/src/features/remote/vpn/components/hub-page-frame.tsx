import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { VpnHub } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useHub } from '../api/get-hub';
import { ID_PATTERN } from '../paths';
import { VPN_TEXTS as T } from '../texts';
import { HostBanner } from './host-banner';
import { HubHeader } from './hub-header';

interface FrameProps {
  /** The list the page belongs to: the breadcrumb's parent, and where a deleted hub leads. */
  parent: { label: string; to: string };
  /** The tabs, or a redirect for a hub of the other kind. */
  children: (hub: VpnHub) => ReactNode;
}

function HubView({ id, parent, children }: FrameProps & { id: number }) {
  const result = useHub(id);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[parent, { label: result.data?.name ?? T.hub }]} />
      <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
        {(hub) => (
          <Stack gap="md">
            <HubHeader hub={hub} onRemoved={() => void navigate(parent.to)} />
            <HostBanner />
            {children(hub)}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** A hub page (`/vpn/hubs/:id`, `/vpn/quick-connect/:id`): breadcrumbs, header, banner, tabs. */
export function HubPageFrame(props: FrameProps) {
  const { id = '' } = useParams();
  // Keyed by id: another hub starts from its own data.
  if (ID_PATTERN.test(id)) return <HubView key={id} id={Number(id)} {...props} />;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[props.parent, { label: T.notFound }]} />
      <Alert color="red" title={T.notFound} />
    </Stack>
  );
}
