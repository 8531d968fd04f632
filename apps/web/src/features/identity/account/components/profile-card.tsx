import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@netfleet/contracts';
import { ACCOUNT_TEXTS } from '../texts';

const MFA_LABELS: Record<NonNullable<CurrentUser['mfa_type']>, string> = ACCOUNT_TEXTS.profileMfa;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

export function ProfileCard({ user }: { user: CurrentUser }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-profile">
      <Title order={2} size="h4" mb="md" id="account-profile">
        {ACCOUNT_TEXTS.profile}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={ACCOUNT_TEXTS.email}>{user.email}</Field>
        <Field label={ACCOUNT_TEXTS.username}>{user.username}</Field>
        <Field label={ACCOUNT_TEXTS.company}>{user.company_name}</Field>
        <Field label={ACCOUNT_TEXTS.role}>{user.role_title}</Field>
        <Field label={ACCOUNT_TEXTS.mfa}>
          {user.mfa_type ? (
            <Badge color="green" variant="light">
              {MFA_LABELS[user.mfa_type]}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {ACCOUNT_TEXTS.mfaOff}
            </Badge>
          )}
        </Field>
        <Field label={ACCOUNT_TEXTS.emailVerified}>
          {/* Startup stops unverified users with EMAIL_NOT_VERIFIED, so whoever sees this page is verified. */}
          <Badge color="green" variant="light">
            {ACCOUNT_TEXTS.verified}
          </Badge>
        </Field>
      </SimpleGrid>
    </Card>
  );
}
