// Every zod-validated form resolves through this zodResolver (the one of @hookform/resolvers, same
// arguments): the contracts' English messages it puts on fields are shown in the console's
// language (translateValidation; English stays as it is).
import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import { translateValidation } from '@/lib/messages/validation';

type Translate = (message: string) => string;

function translateTypes(types: Record<string, unknown>, translate: Translate) {
  for (const [type, message] of Object.entries(types)) {
    if (typeof message === 'string') types[type] = translate(message);
    else if (Array.isArray(message))
      types[type] = message.map((item: unknown) =>
        typeof item === 'string' ? translate(item) : item,
      );
  }
}

/**
 * Translates, in place, the messages of react-hook-form errors (nested objects and lists of
 * field errors, `types` of criteriaMode 'all'); `ref` (the field's element) is left alone.
 */
export function translateFieldErrors<T>(errors: T, translate: Translate = translateValidation): T {
  if (errors === null || typeof errors !== 'object') return errors;
  const record = errors as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref') continue;
    if (key === 'message' && typeof value === 'string') record.message = translate(value);
    else if (key === 'types' && value !== null && typeof value === 'object')
      translateTypes(value as Record<string, unknown>, translate);
    else translateFieldErrors(value, translate);
  }
  return errors;
}

/** @hookform/resolvers' zodResolver, with its field messages in the shown language. */
export const zodResolver = ((...args: Parameters<typeof hookformZodResolver>) => {
  const resolve = hookformZodResolver(...args) as Resolver<FieldValues>;
  return async (...input: Parameters<Resolver<FieldValues>>): Promise<ResolverResult> => {
    const result = await resolve(...input);
    translateFieldErrors(result.errors);
    return result;
  };
}) as typeof hookformZodResolver;
