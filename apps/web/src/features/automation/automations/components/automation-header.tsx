import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Automation } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { AUTOMATIONS_ROUTE, editAutomationPath } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';
import { AutomationEnabledSwitch } from './automation-enabled-switch';
import { RuleSummary } from './rule-summary';
import { useRemoveAutomation } from './use-remove-automation';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' || typeof children === 'number' ? (
        <Text size="sm">{children}</Text>
      ) : (
        children
      )}
    </div>
  );
}

/** The rule's name, switch, edit and delete, and what it tests and does. */
export function AutomationHeader({
  automation,
  canManage,
}: {
  automation: Automation;
  canManage: boolean;
}) {
  const navigate = useNavigate();
  const remove = useRemoveAutomation();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="md">
          <Title order={2}>{automation.name}</Title>
          <AutomationEnabledSwitch automation={automation} readOnly={!canManage} withLabel />
        </Group>
        {canManage && (
          <Group gap="xs">
            <Button
              component={Link}
              to={editAutomationPath(automation.id)}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {T.edit}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() =>
                remove(
                  { id: automation.id, name: automation.name },
                  () => void navigate(AUTOMATIONS_ROUTE),
                )
              }
            >
              {T.delete}
            </Button>
          </Group>
        )}
      </Group>
      {automation.description && <Text size="sm">{automation.description}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Fact label={T.conditionsSummary}>
          <RuleSummary body={automation.conditions_body} />
        </Fact>
        <Fact label={T.devices}>
          {T.devicesValue(automation.active_devices_count, automation.devices_count)}
        </Fact>
        <Fact label={T.totalTriggered}>{automation.total_triggered_count}</Fact>
        <Fact label={T.lastReset}>
          {formatDateTime(automation.period_latest_reset || automation.created_at)}
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}
