// Client-side validation of a schema form (spec §5), built from the field definitions: each
// visible field's value is checked and the first failed rule's message is shown at the field.
import { emailSchema, maskMatches, validateFile } from '@netfleet/contracts';
import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import { translateValidation } from '@/lib/messages/validation';
import { readTableInputOptions } from './component-options';
import { SCHEMA_FORM_TEXTS as TEXTS } from './texts';
import type { FieldDefinition, FormValues } from './types';
import { hasValue, isEmptyValue, rowCells, visibleFields } from './values';

// Like the HTML pattern attribute, the pattern must match the whole value.
const matchesPattern = (pattern: string, value: string): boolean =>
  new RegExp(`^(?:${pattern})$`).test(value);

// Floating point: 0.3 / 0.1 is 2.9999999999999996, and the error grows with the ratio: a latitude
// of 54.687157 is 144687157.00000003 steps of 0.000001 above -90. The tolerance grows with it.
const isMultiple = (value: number, step: number, base: number): boolean => {
  const ratio = (value - base) / step;
  return Math.abs(ratio - Math.round(ratio)) < Math.max(1e-9, Math.abs(ratio) * 1e-12);
};

function textRule(field: FieldDefinition, value: string): string | null {
  if (field.minlength !== undefined && value.length < field.minlength)
    return TEXTS.minLength(field.minlength);
  if (field.maxlength !== undefined && value.length > field.maxlength)
    return TEXTS.maxLength(field.maxlength);
  if (field.mask && !maskMatches(field.mask, value)) return TEXTS.mask(field.mask);
  if (field.pattern && !matchesPattern(field.pattern, value)) return TEXTS.pattern;
  if (field.type === 'email' && !emailSchema.safeParse(value).success) return TEXTS.email;
  return null;
}

function numberRule(field: FieldDefinition, value: unknown): string | null {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return TEXTS.notANumber;
  if (field.min !== undefined && number < field.min) return TEXTS.min(field.min);
  if (field.max !== undefined && number > field.max) return TEXTS.max(field.max);
  if (field.step !== undefined && !isMultiple(number, field.step, field.min ?? 0))
    return TEXTS.step(field.step);
  return null;
}

/** The first rule the value breaks, or null. Empty values only answer to `required`. */
export function validateValue(field: FieldDefinition, value: unknown): string | null {
  if (!hasValue(field)) return null;
  if (isEmptyValue(value)) return field.required ? TEXTS.required : null;
  if (field.component) return null; // pickers and lists check their items as they are added
  if (field.type === 'number') return numberRule(field, value);
  if (field.type === 'file') {
    if (!(value instanceof File)) return null;
    const message = validateFile(value, {
      allowSpaces: !field.noSpaces,
      maxSize: field.maxSize,
    });
    return message === null ? null : translateValidation(message);
  }
  return typeof value === 'string' ? textRule(field, value) : null;
}

function tableErrors(field: FieldDefinition, value: unknown, errors: FieldErrors<FormValues>) {
  if (!Array.isArray(value)) return;
  const { columns } = readTableInputOptions(field.props);
  value.forEach((row: unknown, index) => {
    const cells = rowCells(row);
    for (const column of columns) {
      const message = validateValue(column, cells[column.key]);
      if (message) set(errors, `${field.key}.${index}.${column.key}`, { type: 'rule', message });
    }
  });
}

/** The errors of the visible fields, keyed like react-hook-form's errors. */
export function collectErrors(
  fields: readonly FieldDefinition[],
  values: FormValues,
  permissions: readonly string[],
): FieldErrors<FormValues> {
  const errors: FieldErrors<FormValues> = {};
  for (const field of visibleFields(fields, values, permissions)) {
    const value = values[field.key];
    const message = validateValue(field, value);
    if (message) errors[field.key] = { type: 'rule', message };
    else if (field.component === 'TableInput') tableErrors(field, value, errors);
  }
  return errors;
}

export function schemaResolver(
  fields: readonly FieldDefinition[],
  permissions: readonly string[],
): Resolver<FormValues> {
  return (values) => {
    const errors = collectErrors(fields, values, permissions);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
