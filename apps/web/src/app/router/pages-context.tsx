import { createContext, useContext } from 'react';
import type { PageRegistry } from '@/app/pages';

export const PagesContext = createContext<PageRegistry>({});

/** The pages built so far; the menu and the landing redirect only consider these. */
export function usePages(): PageRegistry {
  return useContext(PagesContext);
}
