import type { TableQuery } from '@/components/data-table';

// Query keys of SMTP configurations; every change invalidates `all`.
export const emailSmtpKeys = {
  all: ['email-configurations'] as const,
  list: (query: TableQuery) => [...emailSmtpKeys.all, 'list', query] as const,
};

export const EMAIL_CONFIGURATIONS_PATH = '/email-configurations';

export const emailConfigurationPath = (id: number | string) =>
  `${EMAIL_CONFIGURATIONS_PATH}/${encodeURIComponent(String(id))}`;
