import { Alert, Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { hasPermission, type PermissionRequirement } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useCompany } from '../api/get-company';
import { CompanyInfoTab } from '../components/company-info-tab';
import { CompanyMetricsTab } from '../components/company-metrics-tab';
import type { CompanySubTab, CompanyTab } from '../components/company-tabs';
import { CompanyUsersTab } from '../components/company-users-tab';
import { useCompanyAncestors } from '../components/use-company-ancestors';
import { companyPath, COMPANIES_ROUTE } from '../paths';
import { COMPANY_TEXTS } from '../texts';

/**
 * The tabs this feature fills. The first tab the user may open is the default: spec §2 opens
 * /companies/{id} on its devices tab, which the app layer puts first (see createCompanyPage).
 */
const OWN_TABS: readonly CompanyTab[] = [
  { value: 'info', label: COMPANY_TEXTS.info, panel: CompanyInfoTab },
  {
    value: 'metrics',
    label: COMPANY_TEXTS.metrics,
    permission: 'view_devices',
    panel: CompanyMetricsTab,
  },
  {
    value: 'users',
    label: COMPANY_TEXTS.users,
    permission: { anyOf: ['view_users', 'view_user_invitations'] },
    // Route names company.userstable and company.invitations.
    subs: [
      { value: 'table', label: COMPANY_TEXTS.usersTable, permission: 'view_users' },
      {
        value: 'invitations',
        label: COMPANY_TEXTS.invitations,
        permission: 'view_user_invitations',
      },
    ],
    panel: CompanyUsersTab,
  },
];

const ID_PATTERN = /^[1-9]\d{0,9}$/;

function allowed<T extends { permission?: PermissionRequirement }>(
  items: readonly T[],
  permissions: readonly string[],
): T[] {
  return items.filter((item) => !item.permission || hasPermission(permissions, item.permission));
}

function CompanyNotFound({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: COMPANY_TEXTS.companies, to: COMPANIES_ROUTE }, { label: message }]}
      />
      <Alert color="red" title={message} />
    </Stack>
  );
}

function CompanyView({ id, tabs }: { id: number; tabs: readonly CompanyTab[] }) {
  const { tab, sub } = useParams();
  const navigate = useNavigate();
  const { permissions } = useCurrentUser();
  const query = useCompany(id);
  const ancestors = useCompanyAncestors(query.data);

  const shown = allowed(tabs, permissions);
  const active = shown.find((candidate) => candidate.value === tab);
  const subs: CompanySubTab[] = active?.subs ? allowed(active.subs, permissions) : [];
  const defaultSub = (item: CompanyTab) =>
    item.subs ? allowed(item.subs, permissions)[0]?.value : undefined;
  const fallback = shown[0];
  if (!active && fallback) {
    return <Navigate replace to={companyPath(id, fallback.value, defaultSub(fallback))} />;
  }
  if (active?.subs && !subs.some((candidate) => candidate.value === sub)) {
    return <Navigate replace to={companyPath(id, active.value, subs[0]?.value)} />;
  }

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={COMPANY_TEXTS.loading} />
      </Center>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return <CompanyNotFound message={notFound ? COMPANY_TEXTS.notFound : query.error.message} />;
  }

  const company = query.data;
  const Panel = active?.panel;
  const openTab = (value: string | null) => {
    const next = shown.find((candidate) => candidate.value === value);
    if (!next || next === active) return;
    void navigate(companyPath(id, next.value, defaultSub(next)));
  };

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: COMPANY_TEXTS.companies, to: COMPANIES_ROUTE },
          ...ancestors.map((ancestor) => ({ label: ancestor.name, to: companyPath(ancestor.id) })),
          { label: company.name },
        ]}
      />
      <Title order={2}>{company.name}</Title>
      <Tabs value={active?.value ?? null} onChange={openTab} keepMounted={false}>
        <Tabs.List>
          {shown.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {subs.length > 1 && (
        <Tabs
          variant="pills"
          value={sub ?? null}
          onChange={(value) => value && void navigate(companyPath(id, active?.value, value))}
        >
          <Tabs.List>
            {subs.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {Panel && <Panel company={company} sub={sub} />}
    </Stack>
  );
}

/**
 * Route `company.info` (/companies/:company_id/:tab?/:sub?) with this feature's tabs plus those
 * other features add (the app layer passes them): `leading` before this feature's (devices, the
 * default), `extraTabs` after (tags, reports, resources...).
 */
export function createCompanyPage(
  extraTabs: readonly CompanyTab[] = [],
  leading: readonly CompanyTab[] = [],
): ComponentType {
  const tabs = [...leading, ...OWN_TABS, ...extraTabs];
  return function CompanyPage() {
    const { company_id: raw = '' } = useParams();
    if (!ID_PATTERN.test(raw)) return <CompanyNotFound message={COMPANY_TEXTS.notFound} />;
    // Keyed by id: another company starts from its own data, not the previous one's.
    return <CompanyView key={raw} id={Number(raw)} tabs={tabs} />;
  };
}

/** The company page with this feature's own tabs (info, users). */
export const CompanyPage = createCompanyPage();
