import { isApiError } from '@/lib/api-client';
import { SERVICES_TEXTS as T } from '../texts';

/** A refused configure: messages at the options they name, the rest for the alert. */
export interface Problems {
  fields: Record<string, string>;
  messages: string[];
}

const OPTION_SOURCE = /^configuration\.\d+\.request_data\.([A-Za-z0-9_]+)$/;

/**
 * The server checks every value against the configuration schema; a refused one comes back with
 * its source (`configuration.0.request_data.domain`), so it goes under the field of that option.
 */
export function problemsOf(error: unknown, fields: readonly string[]): Problems {
  if (!isApiError(error) || error.errors.length === 0) {
    return { fields: {}, messages: [error instanceof Error ? error.message : T.sendFailed] };
  }
  const problems: Problems = { fields: {}, messages: [] };
  for (const item of error.errors) {
    const option = OPTION_SOURCE.exec(item.source ?? '')?.[1];
    if (option && fields.includes(option)) problems.fields[option] ??= item.message;
    else problems.messages.push(item.message);
  }
  return problems;
}
