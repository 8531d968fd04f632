import { Button, Group, Text } from '@mantine/core';
import { DEFAULT_START_PATH, pathForRouteName } from '@netfleet/contracts';
import { Link } from 'react-router';
import { StandaloneLayout } from '@/components/standalone-layout';
import { APP_TEXTS } from '@/app/i18n/texts';

export const NOT_FOUND_TEXTS = APP_TEXTS.notFound;

/**
 * Route `not-found` (/404): public and standalone, so it renders without a session. Both ways
 * on are offered: the start page sends a visitor without a session to sign in anyway.
 */
export function NotFoundPage() {
  return (
    <StandaloneLayout title={NOT_FOUND_TEXTS.title}>
      <Text size="sm">{NOT_FOUND_TEXTS.message}</Text>
      <Group>
        <Button component={Link} to={DEFAULT_START_PATH}>
          {NOT_FOUND_TEXTS.start}
        </Button>
        <Button component={Link} to={pathForRouteName('login') ?? '/login'} variant="default">
          {NOT_FOUND_TEXTS.signIn}
        </Button>
      </Group>
    </StandaloneLayout>
  );
}
