import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isAbortError, isApiError } from '@/lib/api-client';
import { BrandProvider, brandTheme, useBrand, type LoadedBrand } from '@/components/brand';
import { ToastHost } from '@/components/toasts';
import { i18n } from './i18n/i18n';
import { PasswordConfirmationHost } from './password-confirmation-host';
import { cookieColorSchemeManager } from './theme/dark-mode';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; aborted requests (route change) may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < (isAbortError(error) ? 1 : MAX_RETRIES);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function ThemedProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  const brand = useBrand();
  const theme = useMemo(() => brandTheme(brand), [brand]);
  const colorSchemeManager = useMemo(() => cookieColorSchemeManager(), []);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      {...(env ? { env } : {})}
    >
      <ToastHost />
      {children}
      <PasswordConfirmationHost />
    </MantineProvider>
  );
}

export interface AppProvidersProps {
  children: ReactNode;
  brand: LoadedBrand;
  queryClient?: QueryClient;
  /** Mantine's test environment turns off transitions and portals. */
  env?: 'test';
}

export function AppProviders({ children, brand, queryClient, env }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <BrandProvider brand={brand}>
          <ThemedProviders {...(env ? { env } : {})}>{children}</ThemedProviders>
        </BrandProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
