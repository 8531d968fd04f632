import { Button, EmptyState } from '@mantine/core';
import { IconBellRinging, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CREATE_AUTOMATION_ROUTE } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** No rule exists yet (not just none matching): say what one is and offer the first. */
export function EmptyAutomations({ canManage }: { canManage: boolean }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconBellRinging size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      {canManage && (
        <EmptyState.Actions>
          <Button
            component={Link}
            to={CREATE_AUTOMATION_ROUTE}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {T.createAutomation}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
