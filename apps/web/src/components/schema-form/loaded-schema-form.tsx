// A SchemaForm whose starting values may come from the definition's initialValues(id) (edit
// forms), behind the definition's permission; shared by form dialogs and the form page.
import { hasPermission } from '@netfleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { FormAccessDenied, FormLoadFailed, FormLoading } from './form-states';
import { SchemaForm } from './schema-form';
import { SCHEMA_FORM_TEXTS } from './texts';
import type { FormDefinition, FormValues, SchemaFormProps } from './types';

function FormWithLoadedValues(
  props: SchemaFormProps & { load: (id?: string) => Promise<FormValues> | FormValues },
) {
  const { load, ...formProps } = props;
  const { definition, id } = formProps;
  const query = useQuery({
    queryKey: ['schema-form', 'initial-values', definition.name, id ?? null],
    queryFn: async () => load(id),
    // Each opening edits the current data, never a cached copy.
    gcTime: 0,
    staleTime: 0,
  });
  if (query.isPending) return <FormLoading />;
  if (query.isError) {
    const { error } = query;
    return (
      <FormLoadFailed message={isApiError(error) ? error.message : SCHEMA_FORM_TEXTS.loadFailed} />
    );
  }
  return <SchemaForm {...formProps} initialValues={query.data} />;
}

export function LoadedSchemaForm(props: SchemaFormProps) {
  const { permissions } = useCurrentUser();
  const { definition, initialValues } = props;
  if (definition.permission && !hasPermission(permissions, definition.permission))
    return <FormAccessDenied />;
  const load: FormDefinition['initialValues'] = definition.initialValues;
  if (initialValues || !load) return <SchemaForm {...props} />;
  return <FormWithLoadedValues {...props} load={load} />;
}
