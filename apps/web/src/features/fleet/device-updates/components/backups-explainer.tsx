import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEVICES_ROUTE, TASK_MANAGER_ROUTE } from '../paths';
import { UPDATE_TEXTS as T } from '../texts';

/** Where the backups listed come from: devices export them when asked, one way or another. */
export function BackupsExplainer() {
  return (
    <Alert
      variant="light"
      color="blue"
      title={T.explainerTitle}
      icon={<IconInfoCircle size={16} aria-hidden />}
    >
      <Text size="sm">
        {T.explainerBefore}
        <Anchor component={Link} to={DEVICES_ROUTE} size="sm">
          {T.devicesList}
        </Anchor>
        {T.explainerBetween}
        <Anchor component={Link} to={TASK_MANAGER_ROUTE} size="sm">
          {T.taskManager}
        </Anchor>
        {T.explainerAfter}
      </Text>
    </Alert>
  );
}
