// The non-form states a form page or dialog can show.
import { Alert, Anchor, Center, EmptyState, Loader } from '@mantine/core';

import { IconFileOff, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SCHEMA_FORM_TEXTS as TEXTS } from './texts';
import { MESSAGE_TEXTS } from '@/lib/messages';

export function FormLoading() {
  return (
    <Center py="xl">
      <Loader aria-label={TEXTS.loading} />
    </Center>
  );
}

export function FormLoadFailed({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={TEXTS.loadFailed}>
      {message}
    </Alert>
  );
}

export function FormAccessDenied() {
  return (
    <EmptyState
      icon={<IconLock size={32} />}
      title={MESSAGE_TEXTS.accessDenied}
      description={TEXTS.noFormPermission}
    />
  );
}

export function FormNotFound() {
  return (
    <EmptyState
      icon={<IconFileOff size={32} />}
      title={TEXTS.formNotFound}
      description={TEXTS.formNotFoundDescription}
    >
      <Anchor component={Link} to="/">
        {TEXTS.backHome}
      </Anchor>
    </EmptyState>
  );
}
