import { Button, Stack } from '@mantine/core';
import { IconDatabasePlus } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { openFormDialog } from '@/components/schema-form';
import { useCurrentUser } from '@/lib/current-user';
import {
  DATA_COMPANY_PARAM,
  DataPurchasesTable,
  useDataPurchasesQueryState,
} from '../components/data-purchases-table';
import { RemainingDataCard } from '../components/remaining-data-card';
import { ResourcesHeader } from '../components/resources-header';
import { addCompanyDataForm } from '../forms/add-company-data';
import { CREDIT_TEXTS } from '../texts';

/**
 * Route `services.data-history` (/resources/data-history): the data the chosen company (else the
 * user's own) has left, then the purchases. Buying starts in that company. The remaining data is
 * company data, shown with view_companies (spec §6).
 */
export function DataHistoryPage() {
  const user = useCurrentUser();
  const state = useDataPurchasesQueryState();
  const filtered = state.query.filters[DATA_COMPANY_PARAM];
  const companyId = filtered === undefined ? user.company_id : Number(filtered);
  const actions = hasPermission(user.permissions, 'manage_credits') && (
    <Button
      leftSection={<IconDatabasePlus size={16} aria-hidden />}
      onClick={() =>
        openFormDialog(addCompanyDataForm, { initialValues: { company_id: companyId } })
      }
    >
      {CREDIT_TEXTS.buyData}
    </Button>
  );
  return (
    <Stack gap="md">
      <ResourcesHeader title={CREDIT_TEXTS.dataPurchases} section="data" actions={actions} />
      {hasPermission(user.permissions, 'view_companies') && (
        <RemainingDataCard companyId={companyId} />
      )}
      <DataPurchasesTable state={state} />
    </Stack>
  );
}
