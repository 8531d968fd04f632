// The forms the generic form page (/forms/:name/:id?) can open, composed by the app from features.
import { createContext, useContext, type ReactNode } from 'react';
import type { FormDefinition } from './types';

const FormRegistryContext = createContext<Readonly<Record<string, FormDefinition>> | null>(null);

export function FormRegistryProvider({
  forms,
  children,
}: {
  forms: Record<string, FormDefinition>;
  children: ReactNode;
}) {
  return <FormRegistryContext.Provider value={forms}>{children}</FormRegistryContext.Provider>;
}

/** The registered definition of that name, or undefined. */
export function useRegisteredForm(name: string | undefined): FormDefinition | undefined {
  const forms = useContext(FormRegistryContext);
  if (!forms) throw new Error('useRegisteredForm() needs a FormRegistryProvider');
  return name !== undefined && Object.hasOwn(forms, name) ? forms[name] : undefined;
}
