import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo, LOGO_TARGET, useBrand } from '@/components/brand';

interface StandaloneLayoutProps {
  title: string;
  children: ReactNode;
}

/**
 * The frame of the standalone account pages (sign-in, registration...): brand logo and name, no
 * navigation or header.
 */
export function StandaloneLayout({ title, children }: StandaloneLayoutProps) {
  const brand = useBrand();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420} gap="lg">
        <Stack gap={4} align="center">
          <Anchor href={LOGO_TARGET} aria-label={brand.application_name}>
            <BrandLogo h={40} alt={brand.full_application_name} />
          </Anchor>
          {brand.logo_subtext && (
            <Text size="sm" c="dimmed">
              {brand.logo_subtext}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={1} size="h3">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="center" component="footer">
          © {new Date().getFullYear()} {brand.company_name}
        </Text>
      </Stack>
    </Center>
  );
}
