import { Alert, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useCurrentUser } from '@/lib/current-user';
import { useAutomation } from '../api/get-automation';
import { AutomationHeader } from '../components/automation-header';
import { AutomationTabs } from '../components/automation-tabs';
import { AUTOMATIONS_ROUTE, ID_PATTERN } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';

function AutomationView({ id }: { id: number }) {
  const result = useAutomation(id);
  const { permissions } = useCurrentUser();
  const canManage = hasPermission(permissions, 'manage_device_alert_configurations');
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: T.title, to: AUTOMATIONS_ROUTE },
          { label: result.data?.name ?? T.automation },
        ]}
      />
      <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
        {(automation) => (
          <Stack gap="md">
            <AutomationHeader automation={automation} canManage={canManage} />
            <AutomationTabs automation={automation} canManage={canManage} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** Route `automations.item`: one rule, the devices it covers and its evaluations. */
export function AutomationPage() {
  const { id = '' } = useParams();
  if (ID_PATTERN.test(id)) return <AutomationView key={id} id={Number(id)} />;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title, to: AUTOMATIONS_ROUTE }]} />
      <Alert color="red" title={T.notFound} />
    </Stack>
  );
}
