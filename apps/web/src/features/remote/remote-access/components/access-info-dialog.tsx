import { Stack, Title } from '@mantine/core';
import type { AccessRule } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { useAccessRule } from '../api/get-access-rule';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { RuleDetails } from './rule-details';
import { RuleSessions } from './rule-sessions';

/** What opens the info: a rule's id, and the rule itself when the caller has it already. */
export interface AccessInfoTarget {
  id: number;
  rule?: AccessRule;
}

function AccessInfo({ id, rule }: AccessInfoTarget) {
  const result = useAccessRule(id, rule);
  return (
    <QueryState result={result} canRetry={false} loaderPadding="md">
      {(loaded) => (
        <Stack gap="md">
          <RuleDetails rule={loaded} />
          <Title order={5}>{T.activeSessionsTitle}</Title>
          <RuleSessions accessId={id} activeOnly />
        </Stack>
      )}
    </QueryState>
  );
}

/** Spec dialog 'remote access (info)': the rule and its active sessions, each with End. */
export function accessInfoDialog(target: AccessInfoTarget): DialogOptions {
  return {
    id: 'remote-access.info',
    title: T.infoTitle,
    subtitle: target.rule?.name,
    size: 'lg',
    main: true,
    content: <AccessInfo id={target.id} rule={target.rule} />,
  };
}

export const openAccessInfo = (rule: AccessRule) =>
  dialogs.open(accessInfoDialog({ id: rule.id, rule }));
