import {
  COMPANY_MESSAGES,
  type CreateEmailConfigurationBody,
  ERROR_CODES,
  type EmailConfiguration,
  type EmailConfigurationListQuery,
  hasPermission,
  type UpdateEmailConfigurationBody,
} from '@netfleet/contracts';
import { createTransport } from 'nodemailer';
import { ApiError, invalid, notFound } from '@/lib/api-error';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { MailService, MailTransport } from '@/modules/system/mail/mail.service';
import type { SmtpHostGuard, SmtpTarget } from './smtp-host-guard';
import type {
  CompanyScope,
  EmailConfigurationsRepository,
  EmailConfigurationValues,
} from './email-configurations.repository';
import { toApiDate } from '@/lib/dates';

/** A test send gives up after this long at any step (connect, greeting, each reply). */
export const SMTP_TEST_TIMEOUT_MS = 10_000;

interface Deps {
  emailConfigurationsRepository: EmailConfigurationsRepository;
  mail: Pick<MailService, 'deliver'>;
  actionLog: Pick<ActionLogService, 'record'>;
  hosts: SmtpHostGuard;
}

type Row = NonNullable<Awaited<ReturnType<EmailConfigurationsRepository['find']>>>;

const toApi = ({ configuration: c, companyName }: Row): EmailConfiguration => ({
  id: c.id,
  company_id: c.companyId,
  company_name: companyName,
  name: c.name,
  host: c.host,
  port: c.port,
  secure: c.secure,
  email: c.email,
  username: c.username,
  has_password: Boolean(c.password),
  created_at: toApiDate(c.createdAt),
});

const scopeOf = (auth: AuthContext): CompanyScope => ({
  company: auth.company,
  childCompanies: hasPermission(auth.permissions, 'access_child_companies'),
});

/** '' and null both mean "none". */
const orNull = (value: string | null | undefined) => value || null;

/**
 * nodemailer's SMTP transport for a stored configuration; `pool` keeps its connections open for
 * senders that reuse it (alert actions, smtp-transports.ts); `target` is the checked address to
 * connect to (smtp-host-guard.ts).
 */
export const transportFor = (
  c: Row['configuration'],
  { pool = false, target }: { pool?: boolean; target?: SmtpTarget } = {},
): MailTransport =>
  createTransport({
    ...(pool ? { pool: true } : {}),
    host: target?.host ?? c.host,
    ...(target?.servername ? { tls: { servername: target.servername } } : {}),
    port: c.port,
    secure: c.secure,
    ...(c.username ? { auth: { user: c.username, pass: c.password ?? '' } } : {}),
    connectionTimeout: SMTP_TEST_TIMEOUT_MS,
    greetingTimeout: SMTP_TEST_TIMEOUT_MS,
    socketTimeout: SMTP_TEST_TIMEOUT_MS,
  });

/** Companies' own SMTP servers (RMS /email-configurations), limited to the caller's companies. */
export const createEmailConfigurationsService = ({
  emailConfigurationsRepository: repository,
  mail,
  actionLog,
  hosts,
}: Deps) => {
  const load = async (scope: CompanyScope, id: number) => {
    const row = await repository.find(scope, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(auth: AuthContext, query: EmailConfigurationListQuery) {
      const { rows, total } = await repository.list(scopeOf(auth), query);
      return { data: rows.map(toApi), total };
    },

    async create(auth: AuthContext, body: CreateEmailConfigurationBody, ip: string) {
      const scope = scopeOf(auth);
      // Out of reach and missing read the same, so nothing is learnt about other companies.
      if (!(await repository.findCompany(scope, body.company_id))) {
        // As tags and devices answer a company out of reach: it does not exist for the caller.
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      }
      await hosts.checkSaved(body.host);
      const values: EmailConfigurationValues = {
        companyId: body.company_id,
        name: body.name,
        host: body.host,
        port: body.port,
        secure: body.secure,
        email: body.email,
        username: orNull(body.username),
        password: orNull(body.password),
      };
      const id = await repository.insert(values);
      await actionLog.record(actorOf(auth, ip), 'smtp_configuration_create', {
        entity: 'email_configuration',
        entityId: id,
        details: { name: body.name, host: body.host, company_id: body.company_id },
      });
      return toApi(await load(scope, id));
    },

    /** Changes the fields sent; a password left out stays, null or '' removes it. */
    async update(auth: AuthContext, id: number, body: UpdateEmailConfigurationBody, ip: string) {
      const scope = scopeOf(auth);
      const { name, host, port, secure, email, username, password } = body;
      if (host !== undefined) await hosts.checkSaved(host);
      const changes: Partial<EmailConfigurationValues> = {
        ...(name !== undefined ? { name } : {}),
        ...(host !== undefined ? { host } : {}),
        ...(port !== undefined ? { port } : {}),
        ...(secure !== undefined ? { secure } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(username !== undefined ? { username: orNull(username) } : {}),
        ...(password !== undefined ? { password: orNull(password) } : {}),
      };
      if (!(await repository.update(scope, id, changes))) throw notFound();
      if (Object.keys(changes).length) {
        // The password itself never goes into the trail, only that it changed.
        const { password: newPassword, ...logged } = changes;
        await actionLog.record(actorOf(auth, ip), 'smtp_configuration_update', {
          entity: 'email_configuration',
          entityId: id,
          details: {
            ...logged,
            ...(newPassword !== undefined ? { password: newPassword ? 'changed' : 'removed' } : {}),
          },
        });
      }
      return toApi(await load(scope, id));
    },

    async remove(auth: AuthContext, id: number, ip: string) {
      if (!(await repository.remove(scopeOf(auth), id))) throw notFound();
      await actionLog.record(actorOf(auth, ip), 'smtp_configuration_delete', {
        entity: 'email_configuration',
        entityId: id,
      });
    },

    /** Sends a test mail through this server; its refusal comes back as a 422 with its words. */
    async test(auth: AuthContext, id: number, to: string) {
      const { configuration: c } = await load(scopeOf(auth), id);
      const transport = transportFor(c, { target: await hosts.target(c.host) });
      try {
        const result = await mail.deliver(
          {
            to,
            subject: 'SMTP test e-mail',
            text: `This is a test e-mail sent through the SMTP server "${c.name}" (${c.host}:${c.port}).\n\nIf you can read it, the settings work.\n`,
          },
          { transport, from: c.email },
        );
        if (!result.ok) throw invalid(result.error, null);
      } finally {
        transport.close();
      }
    },
  };
};

export type EmailConfigurationsService = ReturnType<typeof createEmailConfigurationsService>;
