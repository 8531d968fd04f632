import { Badge, Code, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AutomationLog, AutomationLogDetail } from '@netfleet/contracts';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/components/data-table';
import { dialogs } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { useAutomationLog } from '../api/get-log';
import { formatParameter } from '../model/parameters';
import { ACTION_STATUS_LABELS, AUTOMATIONS_TEXTS as T, KIND_LABELS } from '../texts';
import { RuleSummary } from './rule-summary';
import { StatusBadge } from './status-badge';

const ACTION_STATUS_COLORS: Readonly<Record<number, string>> = { 0: 'gray', 1: 'green', 2: 'red' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={5}>{title}</Title>
      {children}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </div>
  );
}

/** One evaluation: where and when, what held, the values read, the rule, its actions' outcome. */
export function LogDetailView({ log }: { log: AutomationLogDetail }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={T.time} value={formatDateTime(log.created_at)} />
        <Fact label={T.device} value={`${log.device_name} (${log.serial})`} />
        <Fact label={T.status} value={<StatusBadge status={log.overall_status} />} />
        {log.kind && <Fact label={T.kind} value={KIND_LABELS[log.kind]} />}
        {log.reason && <Fact label={T.reason} value={log.reason} />}
      </SimpleGrid>
      <Section title={T.evaluatedConditions}>
        <List size="sm">
          {log.evaluated_conditions.map((condition) => (
            <List.Item key={condition.key}>
              {condition.key}: {condition.value ? T.held : T.notHeld}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section title={T.evaluatedParameters}>
        <Stack gap={0}>
          {log.evaluated_parameters.map((parameter) => (
            <Code key={parameter.key}>{formatParameter(parameter.key, parameter.value)}</Code>
          ))}
        </Stack>
      </Section>
      <Section title={T.ruleAtEvaluation}>
        <RuleSummary body={log.conditions} />
      </Section>
      <Section title={T.actionStatus}>
        <Group gap="xs">
          <Badge variant="light" color={ACTION_STATUS_COLORS[log.action_status] ?? 'gray'}>
            {ACTION_STATUS_LABELS[log.action_status] ?? String(log.action_status)}
          </Badge>
          {log.action_status_message && <Text size="sm">{log.action_status_message}</Text>}
        </Group>
      </Section>
    </Stack>
  );
}

function LogDetail({ automationId, evaluationId }: { automationId: number; evaluationId: string }) {
  const result = useAutomationLog(automationId, evaluationId);
  return (
    <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
      {(log) => <LogDetailView log={log} />}
    </QueryState>
  );
}

/** Opens an evaluation's detail (GET /automations/{id}/logs/{evaluation_id}). */
export function openLogDialog(automationId: number, log: AutomationLog): void {
  dialogs.open({
    id: 'automations.log',
    title: T.logTitle(log.device_name),
    size: 'lg',
    content: <LogDetail automationId={automationId} evaluationId={log.evaluation_id} />,
  });
}
