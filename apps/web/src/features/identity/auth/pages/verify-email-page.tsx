import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { verifyEmailBodySchema } from '@netfleet/contracts';
import { useVerifyEmail } from '../api/verify-email';
import { StandaloneLayout } from '@/components/standalone-layout';
import { DEFAULT_AFTER_LOGIN } from '../continue-url';
import { AUTH_TEXTS } from '../texts';

/** /verify-email?token=…: the link from the verification e-mail (spec §4 Startup EMAIL_NOT_VERIFIED). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const body = verifyEmailBodySchema.safeParse({ token: params.get('token') ?? '' });
  const { mutate, isSuccess, isError, error } = useVerifyEmail();
  const started = useRef(false);
  const token = body.success ? body.data.token : null;

  useEffect(() => {
    if (started.current || token === null) return;
    started.current = true;
    mutate({ token });
  }, [mutate, token]);

  // A full load: the console's startup has to notice the address is verified now.
  const consoleLink = (
    <Anchor href={DEFAULT_AFTER_LOGIN} fw={500}>
      {AUTH_TEXTS.toConsole}
    </Anchor>
  );

  let content;
  if (token === null || isError) {
    content = (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title={AUTH_TEXTS.verifyFailed}>
          {token === null ? AUTH_TEXTS.verifyMissingToken : error?.message}
        </Alert>
        {consoleLink}
      </Stack>
    );
  } else if (isSuccess) {
    content = (
      <Stack gap="sm">
        <Text>{AUTH_TEXTS.verified}</Text>
        {consoleLink}
      </Stack>
    );
  } else {
    content = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{AUTH_TEXTS.verifying}</Text>
      </Group>
    );
  }

  return <StandaloneLayout title={AUTH_TEXTS.verifyTitle}>{content}</StandaloneLayout>;
}
