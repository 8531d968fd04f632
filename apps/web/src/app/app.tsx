import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { buildBrand } from '@/components/brand';
import { PAGES } from './pages';
import { AppProviders } from './providers';
import { createAppRouter } from './router/router';
import { PagesContext } from './router/pages-context';

export function App() {
  const [router] = useState(() => createAppRouter(PAGES, buildBrand));
  return (
    <AppProviders brand={buildBrand}>
      <PagesContext.Provider value={PAGES}>
        <RouterProvider router={router} />
      </PagesContext.Provider>
    </AppProviders>
  );
}
