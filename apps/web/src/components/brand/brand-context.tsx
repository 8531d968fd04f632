import { createContext, useContext, type ReactNode } from 'react';
import { buildBrand, type LoadedBrand } from './brand';

const BrandContext = createContext<LoadedBrand>(buildBrand);

/** Tests render a different brand; the app always uses the build's brand. */
export function BrandProvider({ brand, children }: { brand: LoadedBrand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): LoadedBrand {
  return useContext(BrandContext);
}
