import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { hasPermission, type Permission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { CODES_ROUTE, DATA_HISTORY_ROUTE, HISTORY_ROUTE, POOLS_ROUTE } from '../paths';
import { CREDIT_TEXTS } from '../texts';

export type ResourcesSection = 'pools' | 'codes' | 'history' | 'data';

const SECTIONS: readonly {
  value: ResourcesSection;
  label: string;
  path: string;
  permission: Permission;
}[] = [
  { value: 'pools', label: CREDIT_TEXTS.resources, path: POOLS_ROUTE, permission: 'view_credits' },
  {
    value: 'codes',
    label: CREDIT_TEXTS.codes,
    path: CODES_ROUTE,
    permission: 'view_credit_transfer_codes',
  },
  {
    value: 'history',
    label: CREDIT_TEXTS.history,
    path: HISTORY_ROUTE,
    permission: 'view_credits',
  },
  {
    value: 'data',
    label: CREDIT_TEXTS.dataPurchases,
    path: DATA_HISTORY_ROUTE,
    permission: 'view_company_data_history',
  },
];

/**
 * The /resources pages as tabs (as the automations and statistics pages do): each tab is its own
 * route, so each table keeps its paging and filters in the URL. Tabs the user may not open are
 * left out; with a single one left there is nothing to switch to.
 */
export function ResourcesNav({ active }: { active: ResourcesSection }) {
  const navigate = useNavigate();
  const { permissions } = useCurrentUser();
  const shown = SECTIONS.filter((section) => hasPermission(permissions, section.permission));
  if (shown.length < 2) return null;
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const next = shown.find((section) => section.value === value);
        if (next && next.value !== active) void navigate(next.path);
      }}
    >
      <Tabs.List aria-label={CREDIT_TEXTS.sectionsLabel}>
        {shown.map((section) => (
          <Tabs.Tab key={section.value} value={section.value}>
            {section.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
