import { useQuery } from '@tanstack/react-query';
import type { EmailConfiguration } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceAlertsKeys, SMTP_PATH } from './keys';

// Spec §7: pickers ask for at most 100 items.
const PICKER_LIMIT = 100;

export interface SmtpOption {
  value: string;
  label: string;
}

/** The SMTP configurations to send the alert's e-mail through (GET needs manage_smtp). */
export function useSmtpOptions(enabled: boolean) {
  return useQuery({
    queryKey: deviceAlertsKeys.smtp(),
    queryFn: async ({ signal }): Promise<SmtpOption[]> =>
      (
        await api.get<Pick<EmailConfiguration, 'id' | 'name' | 'email'>[]>(SMTP_PATH, {
          query: { limit: PICKER_LIMIT },
          signal,
        })
      ).data.map((config) => ({
        value: String(config.id),
        label: `${config.name} (${config.email})`,
      })),
    enabled,
    staleTime: 60_000,
  });
}
