// Value model of a schema form: the empty value of each field kind, the starting values, which
// fields are shown (spec §5: field permission and depends) and the payload that is submitted.
import { hasPermission } from '@netfleet/contracts';
import { readTableInputOptions } from './component-options';
import type { FieldDefinition, FormValues } from './types';

/** BaseAlert only shows a message: it has no value and is never submitted. */
export const hasValue = (field: FieldDefinition): boolean => field.component !== 'BaseAlert';

export function emptyValue(field: FieldDefinition): unknown {
  switch (field.component) {
    case 'ListInput':
    case 'TableInput':
      return [];
    case 'ItemSelect':
    case 'DeviceSelect':
      return field.props?.multiple === true ? [] : null;
    default:
      break;
  }
  switch (field.type) {
    case 'checkbox':
      return false;
    case 'select':
      return field.props?.multiple === true ? [] : null;
    case 'radio':
    case 'file':
      return null;
    default:
      // Text-like inputs, colours and numbers (Mantine's NumberInput uses '' for "no number").
      return '';
  }
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  return Array.isArray(value) && value.length === 0;
}

/** Given values first, then each field's default, then its empty value. */
export function startValues(
  fields: readonly FieldDefinition[],
  given: FormValues = {},
): FormValues {
  const values: FormValues = { ...given };
  for (const field of fields) {
    if (!hasValue(field)) continue;
    values[field.key] = given[field.key] ?? field.default ?? emptyValue(field);
  }
  return values;
}

// Selects hold strings while definitions often use numbers (credit_type_id: [2, 4, 6]).
const sameValue = (a: unknown, b: unknown): boolean => a === b || String(a) === String(b);

export function dependsSatisfied(field: FieldDefinition, values: FormValues): boolean {
  const { depends } = field;
  if (!depends) return true;
  if (typeof depends === 'function') return depends(values);
  return Object.entries(depends).every(([key, wanted]) => {
    const actual = values[key];
    if (Array.isArray(wanted)) return wanted.some((candidate) => sameValue(actual, candidate));
    return sameValue(actual, wanted);
  });
}

export function isFieldVisible(
  field: FieldDefinition,
  values: FormValues,
  permissions: readonly string[],
): boolean {
  if (field.permission && !hasPermission(permissions, field.permission)) return false;
  return dependsSatisfied(field, values);
}

export function visibleFields(
  fields: readonly FieldDefinition[],
  values: FormValues,
  permissions: readonly string[],
): FieldDefinition[] {
  return fields.filter((field) => isFieldVisible(field, values, permissions));
}

/** A number input left empty sends nothing rather than ''; table rows follow their columns. */
function payloadValue(field: FieldDefinition, value: unknown): unknown {
  if (field.component === 'TableInput' && Array.isArray(value)) {
    const columns = readTableInputOptions(field.props).columns;
    return value.map((row: unknown) => rowPayload(columns, row));
  }
  if (field.type === 'number' && !field.component) {
    if (value === '' || value === null || value === undefined) return undefined;
    return typeof value === 'number' ? value : Number(value);
  }
  return value;
}

/** The cells of a TableInput row. */
export const rowCells = (row: unknown): FormValues =>
  (typeof row === 'object' && row !== null ? row : {}) as FormValues;

function rowPayload(columns: readonly FieldDefinition[], row: unknown): FormValues {
  const cells = rowCells(row);
  const payload: FormValues = {};
  for (const column of columns) {
    const value = payloadValue(column, cells[column.key]);
    if (value !== undefined) payload[column.key] = value;
  }
  return payload;
}

/** The submitted values: visible fields that hold a value; hidden ones are left out. */
export function payloadOf(
  fields: readonly FieldDefinition[],
  values: FormValues,
  permissions: readonly string[],
): FormValues {
  const payload: FormValues = {};
  for (const field of visibleFields(fields, values, permissions)) {
    if (!hasValue(field)) continue;
    const value = payloadValue(field, values[field.key]);
    if (value !== undefined) payload[field.key] = value;
  }
  return payload;
}
