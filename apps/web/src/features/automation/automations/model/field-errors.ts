import { get, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';

/**
 * The message of a field, a list (its own or its root's) or a list's first item: option lists
 * such as `receiving_emails` hold one entry, shown by one input.
 */
export function errorMessage(errors: FieldErrors, path: string): string | undefined {
  const error = get(errors, path) as
    { message?: string; root?: { message?: string }; 0?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message ?? error?.[0]?.message ?? undefined;
}

/** A dynamic form path (`conditions_body.0.expression.2.value`) as the form's path type. */
export const pathOf = <V extends FieldValues>(...segments: (string | number)[]) =>
  segments.join('.') as Path<V>;
