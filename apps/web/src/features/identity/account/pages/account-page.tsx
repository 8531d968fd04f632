import { Stack, Title } from '@mantine/core';
import { hasPermission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { ImpersonationAccessSection } from '../components/impersonation-access-section';
import { MfaSection } from '../components/mfa-section';
import { PasswordSection } from '../components/password-section';
import { ProfileCard } from '../components/profile-card';
import { TokensSection } from '../components/tokens-section';
import { WebhooksSection } from '../components/webhooks-section';
import { ACCOUNT_TEXTS } from '../texts';

/**
 * /account, inside the shell: profile, password, two-factor authentication, impersonation access,
 * personal access tokens and, with manage_webhooks, the user's webhooks.
 */
export function AccountPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        {ACCOUNT_TEXTS.title}
      </Title>
      <ProfileCard user={user} />
      <PasswordSection user={user} />
      <MfaSection />
      <ImpersonationAccessSection user={user} />
      <TokensSection />
      {hasPermission(user.permissions, 'manage_webhooks') && <WebhooksSection />}
    </Stack>
  );
}
