import { createContext, useContext } from 'react';
import type { FieldDefinition } from './types';

export interface SchemaFormContextValue {
  /** Every field of the form by key, so a field's `resets` can find the fields it clears. */
  fieldsByKey: ReadonlyMap<string, FieldDefinition>;
}

export const SchemaFormContext = createContext<SchemaFormContextValue | null>(null);

export function useSchemaFormContext(): SchemaFormContextValue {
  const context = useContext(SchemaFormContext);
  if (!context) throw new Error('Schema form fields must be rendered inside a SchemaForm');
  return context;
}
