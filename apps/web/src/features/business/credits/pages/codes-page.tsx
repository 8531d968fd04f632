import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CodesTable } from '../components/codes-table';
import { ResourcesHeader } from '../components/resources-header';
import { useCodeActions } from '../components/use-code-actions';
import { CREDIT_TEXTS } from '../texts';

/** Route `services.credit-codes` (/resources/codes): codes that hand resources to another company. */
export function CodesPage() {
  const actions = useCodeActions();
  return (
    <Stack gap="md">
      <ResourcesHeader
        title={CREDIT_TEXTS.codes}
        section="codes"
        actions={
          actions.allowed && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.create}>
              {CREDIT_TEXTS.createCode}
            </Button>
          )
        }
      />
      <CodesTable actions={actions} />
    </Stack>
  );
}
