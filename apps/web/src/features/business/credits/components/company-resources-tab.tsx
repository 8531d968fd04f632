import { Stack } from '@mantine/core';
import { hasPermission, type Company } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { CREDIT_TEXTS } from '../texts';
import { CodesTable } from './codes-table';
import { CreditSummaryCards } from './credit-summary-cards';
import { DataPurchasesTable, useDataPurchasesQueryState } from './data-purchases-table';
import { PoolsTable, usePoolsQueryState } from './pools-table';
import { useCodeActions } from './use-code-actions';

function CompanyCredits({ companyId }: { companyId: number }) {
  const { permissions } = useCurrentUser();
  const state = usePoolsQueryState();
  return (
    <Stack gap="md">
      {hasPermission(permissions, 'view_credits_summary') && (
        <CreditSummaryCards companyId={companyId} />
      )}
      <PoolsTable state={state} companyId={companyId} />
    </Stack>
  );
}

function CompanyCodes({ companyId }: { companyId: number }) {
  const actions = useCodeActions();
  return <CodesTable actions={actions} companyId={companyId} />;
}

function CompanyDataPurchases({ companyId }: { companyId: number }) {
  const state = useDataPurchasesQueryState();
  return <DataPurchasesTable state={state} companyId={companyId} />;
}

interface CompanyResourcesPanelProps {
  company: Company;
  /** The sub tab (credits, codes, data-history), checked by the company page. */
  sub: string | undefined;
}

/**
 * The company page's resources tab: the /resources pages' summary and tables, held to the company
 * (its pools and what is left of them, the codes it made, the data it bought).
 */
export function CompanyResourcesPanel({ company, sub }: CompanyResourcesPanelProps) {
  if (sub === 'codes') return <CompanyCodes key={company.id} companyId={company.id} />;
  if (sub === 'data-history')
    return <CompanyDataPurchases key={company.id} companyId={company.id} />;
  return <CompanyCredits key={company.id} companyId={company.id} />;
}

/**
 * The tab the app layer adds to the company page (its CompanyTab shape): /companies/{id}/resources/
 * {credits,codes,data-history} (spec: company tab "resources (codes, credits, data-history; default
 * credits)"). The first sub tab the user may open is the default, so credits comes first.
 */
export const companyResourcesTab = {
  value: 'resources',
  label: CREDIT_TEXTS.resources,
  permission: 'view_credits',
  subs: [
    { value: 'credits', label: CREDIT_TEXTS.credits, permission: 'view_credits' },
    { value: 'codes', label: CREDIT_TEXTS.codes, permission: 'view_credit_transfer_codes' },
    {
      value: 'data-history',
      label: CREDIT_TEXTS.dataPurchases,
      permission: 'view_company_data_history',
    },
  ],
  panel: CompanyResourcesPanel,
} as const;
