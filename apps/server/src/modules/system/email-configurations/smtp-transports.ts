import { hasPermission } from '@netfleet/contracts';
import type { Identity } from '@/modules/identity/auth/auth.types';
import type { MailRoute, MailTransport } from '@/modules/system/mail/mail.service';
import type { EmailConfigurationsRepository } from './email-configurations.repository';
import { transportFor } from './email-configurations.service';
import type { SmtpHostGuard } from './smtp-host-guard';

export const SMTP_ROUTE_MESSAGES = {
  notFound: (id: number) => `SMTP configuration ${id} not found in the owner's companies`,
} as const;

interface Pooled {
  key: string;
  transport: MailTransport;
}

/**
 * Mail routes through the companies' own SMTP servers for senders that are not a request (alert
 * actions): a configuration is used only when `owner` sees it, and its transport is kept per
 * configuration and version (updated_at), so a burst of alerts reuses one pooled connection and
 * an edited configuration gets a new one. The host is checked at every send (smtp-host-guard.ts):
 * a configuration whose name now points at an internal address gets no route.
 */
export const createSmtpTransports = (
  repository: Pick<EmailConfigurationsRepository, 'find'>,
  hosts: Pick<SmtpHostGuard, 'target'>,
  create: typeof transportFor = transportFor,
) => {
  const pool = new Map<number, Pooled>();

  return {
    /** The route of configuration `id` as `owner` sees it; null when out of reach or gone. */
    async routeFor(owner: Identity, id: number): Promise<MailRoute | null> {
      const row = await repository.find(
        {
          company: owner.company,
          childCompanies: hasPermission(owner.permissions, 'access_child_companies'),
        },
        id,
      );
      if (!row) return null;
      const c = row.configuration;
      const target = await hosts.target(c.host).catch(() => null);
      if (!target) return null;
      const key = `${c.updatedAt.getTime()} ${target.host}`;
      let pooled = pool.get(c.id);
      if (pooled?.key !== key) {
        pooled?.transport.close();
        pooled = { key, transport: create(c, { pool: true, target }) };
        pool.set(c.id, pooled);
      }
      return { transport: pooled.transport, from: c.email };
    },
    close() {
      for (const pooled of pool.values()) pooled.transport.close();
      pool.clear();
    },
  };
};

export type SmtpTransports = ReturnType<typeof createSmtpTransports>;
