// A schema-form field in a form of its own (react-hook-form's FormProvider around it, its own
// resolver and submit): a dialog whose submit does more than one request still gets the
// component's rendering and its errors under each input. Validation stays with that form.
import { useMemo } from 'react';
import { SchemaField } from './schema-field';
import { SchemaFormContext } from './schema-form-context';
import type { FieldDefinition } from './types';

interface EmbeddedFieldProps {
  field: FieldDefinition;
  /** The form path, when it is not the key (`endpoint.routes`). */
  name?: string;
}

export function EmbeddedField({ field, name = field.key }: EmbeddedFieldProps) {
  const context = useMemo(() => ({ fieldsByKey: new Map([[field.key, field]]) }), [field]);
  return (
    <SchemaFormContext.Provider value={context}>
      <SchemaField field={field} name={name} />
    </SchemaFormContext.Provider>
  );
}
