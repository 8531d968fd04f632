import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { CREDIT_TEXTS } from '../texts';

/** A code in monospace with a button copying it, to hand it over by e-mail or chat. */
export function CodeCell({ code }: { code: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code>{code}</Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? CREDIT_TEXTS.copied : CREDIT_TEXTS.copy} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              size="sm"
              aria-label={CREDIT_TEXTS.copy}
              onClick={copy}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
