import { Button, Stack } from '@mantine/core';
import { IconArrowsExchange, IconFileAnalytics, IconPlus } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { openNamedDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { useCurrentUser } from '@/lib/current-user';
import { CreditSummaryCards } from '../components/credit-summary-cards';
import { COMPANY_PARAM, PoolsTable, usePoolsQueryState } from '../components/pools-table';
import { ResourcesHeader } from '../components/resources-header';
import { addResourcesForm } from '../forms/add-resources';
import { moveResourcesForm } from '../forms/move-resources';
import { CREDIT_TEXTS } from '../texts';

/**
 * Route `services.pools` (/resources): what is left per type, then the pools it comes from. The
 * company filter narrows both; the forms start in that company when one is chosen.
 */
export function PoolsPage() {
  const { permissions } = useCurrentUser();
  const state = usePoolsQueryState();
  const filtered = state.query.filters[COMPANY_PARAM];
  const companyId = filtered === undefined ? null : Number(filtered);
  const companyStart =
    companyId === null ? undefined : { initialValues: { company_id: companyId } };
  const moveStart = companyId === null ? undefined : { initialValues: { source: companyId } };
  const actions = (
    <>
      {hasPermission(permissions, 'super_admin') && (
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => openFormDialog(addResourcesForm, companyStart)}
        >
          {CREDIT_TEXTS.addResources}
        </Button>
      )}
      {hasPermission(permissions, 'manage_credits') && (
        <Button
          variant="default"
          leftSection={<IconArrowsExchange size={16} aria-hidden />}
          onClick={() => openFormDialog(moveResourcesForm, moveStart)}
        >
          {CREDIT_TEXTS.moveResources}
        </Button>
      )}
      {/* The reports feature's dialog, opened by its spec name (features never import each other). */}
      <Button
        variant="default"
        leftSection={<IconFileAnalytics size={16} aria-hidden />}
        onClick={() => void openNamedDialog('reports.credit-report')}
      >
        {CREDIT_TEXTS.creditReport}
      </Button>
    </>
  );
  return (
    <Stack gap="md">
      <ResourcesHeader title={CREDIT_TEXTS.resources} section="pools" actions={actions} />
      {hasPermission(permissions, 'view_credits_summary') && (
        <CreditSummaryCards companyId={companyId} />
      )}
      <PoolsTable state={state} />
    </Stack>
  );
}
