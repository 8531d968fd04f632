import type { z } from 'zod';
import { ERROR_CODES } from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';

type FieldsParameter = 'fields' | 'search-fields';

const MESSAGES: Record<FieldsParameter, (requested: string, known: string) => string> = {
  fields: (requested, known) => `Unknown field ${requested}; fields: ${known}`,
  'search-fields': (requested, known) =>
    `Cannot search by ${requested}; searchable fields: ${known}`,
};

/**
 * The requested names this resource has. The console's global search sends one `search-fields`
 * and `fields` to every kind (spec §7), so names a resource lacks are skipped; a request naming
 * none of them is a 400 listing the ones it has.
 */
export const knownNames = (
  requested: readonly string[],
  known: readonly string[],
  parameter: FieldsParameter,
): string[] => {
  const names = [...new Set(requested.filter((name) => known.includes(name)))];
  if (names.length === 0) {
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      MESSAGES[parameter](requested.join(', '), known.join(', ')),
      parameter,
    );
  }
  return names;
};

/**
 * `fields=a,b`: keeps those fields of each row, plus `always` (a list's `id`, so rows stay
 * addressable). Without `fields` rows pass whole. Checked when built, so a bad request is a 400
 * before any work.
 */
export const fieldPicker = <T extends object>(
  fields: readonly string[] | undefined,
  known: readonly (keyof T & string)[],
  always: readonly (keyof T & string)[] = [],
): ((row: T) => Partial<T>) => {
  if (!fields?.length) return (row) => row;
  const picked = knownNames(fields, known, 'fields') as (keyof T & string)[];
  const keys = [...new Set([...always, ...picked])];
  return (row) => Object.fromEntries(keys.map((key) => [key, row[key]])) as Partial<T>;
};

/** fieldPicker for a list's rows, over the fields of their schema; rows always keep `id`. */
export const listFieldPicker = <S extends z.ZodObject<{ id: z.ZodType }>>(
  schema: S,
  fields: readonly string[] | undefined,
) => {
  type Row = z.infer<S> & object;
  const known = Object.keys(schema.shape) as (keyof Row & string)[];
  return fieldPicker<Row>(fields, known, ['id' as keyof Row & string]);
};
