import { Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { useCurrentUser } from '@/lib/current-user';
import { STATISTICS_TABS, statisticsPath, type StatisticsTabName } from '../tabs';
import { STATISTICS_TEXTS } from '../texts';

interface StatisticsPageProps {
  /** Set by the `statistics.connection-manager` route, whose path has no tab parameter. */
  fixedTab?: StatisticsTabName;
}

/** Route `statistics` (/statistics/:tab?): the tabs the user's permissions allow. */
export function StatisticsPage({ fixedTab }: StatisticsPageProps) {
  const params = useParams();
  const navigate = useNavigate();
  const { permissions } = useCurrentUser();
  const shown = STATISTICS_TABS.filter(
    (tab) => !tab.permission || hasPermission(permissions, tab.permission),
  );
  const wanted = fixedTab ?? params.tab;
  const active = shown.find((tab) => tab.value === wanted);
  const fallback = shown[0];
  if (!active && fallback) return <Navigate replace to={statisticsPath(fallback.value)} />;

  const Panel = active?.panel;
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: STATISTICS_TEXTS.statistics },
          ...(active ? [{ label: STATISTICS_TEXTS.tabs[active.value] }] : []),
        ]}
      />
      <Title order={2}>{STATISTICS_TEXTS.statistics}</Title>
      <Tabs
        value={active?.value ?? null}
        onChange={(value) => {
          const next = shown.find((tab) => tab.value === value);
          if (next && next !== active) void navigate(statisticsPath(next.value));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {shown.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {STATISTICS_TEXTS.tabs[tab.value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {Panel && <Panel key={active.value} />}
    </Stack>
  );
}

/** Route `statistics.connection-manager`: the same page on its connection log tab. */
export function ConnectionManagerPage() {
  return <StatisticsPage fixedTab="connection-manager" />;
}
