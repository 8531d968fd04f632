import { Box, Group, Menu, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { useBrand } from '@/components/brand';
import { useCurrentUser } from '@/lib/current-user';
import { useCreditSummary } from '../api/get-credit-summary';
import { CREDIT_TEXTS } from '../texts';
import { localCreditTypeTitle } from './credit-type-title';
import { formatCount } from './format-count';

/** Company id 0 stands for "no company" (spec §6): it has no resources. */
const NO_COMPANY_ID = 0;

interface ResourceSummaryMenuProps {
  /** Where "View resources" leads (the resources page), when the app has it and the user may open it. */
  resourcesPath?: string | false;
}

function SummaryRows() {
  const summary = useCreditSummary(null);
  if (summary.isPending) {
    return (
      <Text size="sm" c="dimmed">
        {CREDIT_TEXTS.loading}
      </Text>
    );
  }
  // The menu is no place for an error alert: a summary that failed to load is left out.
  if (summary.isError) return null;
  const left = summary.data.credits.left;
  if (left.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {CREDIT_TEXTS.summaryEmpty}
      </Text>
    );
  }
  return left.map((entry) => (
    <Group key={entry.credit_type_id} justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" truncate>
        {localCreditTypeTitle(entry.credit_type_name)}
      </Text>
      <Text size="sm" fw={600}>
        {formatCount(entry.credits_left)}
      </Text>
    </Group>
  ));
}

/**
 * Spec §2 account menu "resource summary": what the user's company has left per type. Shown only
 * with view_credits_summary, when the brand's theme shows company data (spec §6), and for a real
 * company. The summary is asked when the menu opens (the dropdown mounts then), cached 10 s.
 */
export function ResourceSummaryMenu({ resourcesPath }: ResourceSummaryMenuProps) {
  const { permissions, company_id: companyId } = useCurrentUser();
  const { show_company_data: showCompanyData } = useBrand();
  if (!showCompanyData || companyId === NO_COMPANY_ID) return null;
  if (!hasPermission(permissions, 'view_credits_summary')) return null;
  return (
    <>
      <Menu.Label>{CREDIT_TEXTS.resourceSummary}</Menu.Label>
      <Box px="sm" pb={4} role="group" aria-label={CREDIT_TEXTS.resourceSummary}>
        <SummaryRows />
      </Box>
      {resourcesPath && (
        <Menu.Item component={Link} to={resourcesPath} leftSection={<IconCoins size={16} />}>
          {CREDIT_TEXTS.viewResources}
        </Menu.Item>
      )}
    </>
  );
}
