// Test-only: renders one page with the app's providers (brand, Mantine, query client, the password
// confirmation dialog, the dialog host, Mantine's modals) in a memory router, so feature tests need
// not reach into src/app.
import { ModalsProvider } from '@mantine/modals';
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { DialogHost } from '@/components/dialogs';
import { testBrand } from './fixtures';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

interface RenderPageOptions {
  /** The URL to open; the page is mounted at its path. */
  path: string;
  queryClient?: QueryClient;
}

export function renderPage(
  page: ReactElement,
  { path, queryClient = createTestQueryClient() }: RenderPageOptions,
) {
  // The app mounts the dialog host inside its router (RootLayout) and Mantine's modals around
  // signed-in pages (SignedInLayout); so does the test page.
  const element = (
    <ModalsProvider>
      {page}
      <DialogHost />
    </ModalsProvider>
  );
  const router = createMemoryRouter([{ path: path.split('?')[0], element }], {
    initialEntries: [path],
  });
  const view = render(
    <AppProviders brand={testBrand} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, queryClient, router };
}
