import { toApiDate } from '@netfleet/contracts';
import type { Executor } from '@/db/client';
import type { Viewer } from '@/db/company-scope';
import type { Identity } from '@/modules/identity/auth/auth.types';
import {
  SMTP_ROUTE_MESSAGES,
  type SmtpTransports,
} from '@/modules/system/email-configurations/smtp-transports';
import type { MailRoute, MailService } from '@/modules/system/mail/mail.service';
import type { GeneratedReportsRepository } from './generated-reports.repository';
import { buildReport } from './report-builder';
import { reportCsv } from './report-csv';
import type { ReportDataRepository } from './report-data.repository';
import { localDate, type ReportRange } from './report-periods';
import type { ReportTemplatesRepository, TemplateRow } from './report-templates.repository';
import { reportPdf } from './pdf/render-report';

export interface ReportGeneratorDeps {
  templates: Pick<ReportTemplatesRepository, 'find' | 'recordOutcome' | 'release'>;
  generated: Pick<GeneratedReportsRepository, 'insert' | 'recordMail'>;
  transaction: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T>;
  data: ReportDataRepository;
  loadIdentity: (userId: number) => Promise<Identity | null>;
  mail: Pick<MailService, 'deliver'>;
  smtp: Pick<SmtpTransports, 'routeFor'>;
  now: () => Date;
}

export interface Generated {
  id: number;
  name: string;
  mail: { status: 'none' | 'sent' | 'failed'; error: string | null };
}

/** A claimed period's lease ran out and another instance claimed it again: its report counts. */
export class ClaimTakenOverError extends Error {
  constructor(templateId: number) {
    super(`the period of report template ${templateId} was taken over by another instance`);
  }
}

/** `Weekly fleet report` → `weekly-fleet-report` (a file name that survives every mailer). */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'report';

/** A generated report's file name: its name and the day its period starts. */
export const reportFileName = (name: string, start: Date, timeZone: string, ext: string) =>
  `${slug(name)}-${localDate(start, timeZone)}.${ext}`;

/**
 * The owner's view of the companies, which decides the report's devices. A template whose owner
 * is gone or disabled sees its own company only (never more than someone there could).
 */
const viewerOf = (template: TemplateRow, owner: Identity | null): Viewer =>
  owner && !owner.user.disabledAt
    ? owner
    : {
        company: { id: template.template.companyId, path: template.companyPath },
        permissions: new Set<string>(),
      };

/**
 * Generates a report from a template over a range: computes its figures, renders the PDF and CSV,
 * stores them, and mails the PDF to the template's recipients through its SMTP configuration (or
 * the system's server). A failed generation is recorded on the template; failed mail on the
 * generated report, which is kept either way.
 */
export const createReportGenerator = (deps: ReportGeneratorDeps) => {
  const mailTo = async (
    row: TemplateRow,
    owner: Identity | null,
    report: { id: number; name: string; pdf: Buffer; range: ReportRange; companyName: string },
  ): Promise<Generated['mail']> => {
    const t = row.template;
    if (!t.recipients.length) return { status: 'none', error: null };
    let route: MailRoute | undefined;
    if (t.smtpConfigId !== null) {
      // Checked at every send: the owner may have lost sight of the configuration.
      route = (owner && (await deps.smtp.routeFor(owner, t.smtpConfigId))) || undefined;
      if (!route) {
        const error = SMTP_ROUTE_MESSAGES.notFound(t.smtpConfigId);
        await deps.generated.recordMail(report.id, { status: 'failed', error });
        return { status: 'failed', error };
      }
    }
    const period = `${toApiDate(report.range.start)} – ${toApiDate(report.range.end)} UTC`;
    const failures: string[] = [];
    for (const to of t.recipients) {
      const delivery = await deps.mail.deliver(
        {
          to,
          subject: `Report: ${report.name}`,
          text:
            `The report "${report.name}" of ${report.companyName} for ${period} is attached.\n` +
            `It is also kept in netfleet under Reports, generated report ${report.id}.`,
          attachments: [
            {
              filename: reportFileName(report.name, report.range.start, t.timeZone, 'pdf'),
              content: report.pdf,
              contentType: 'application/pdf',
            },
          ],
        },
        route,
      );
      if (!delivery.ok) failures.push(`${to}: ${delivery.error}`);
    }
    const outcome = failures.length
      ? { status: 'failed' as const, error: failures.join('; ') }
      : { status: 'sent' as const, error: null };
    await deps.generated.recordMail(report.id, outcome);
    return outcome;
  };

  return {
    /**
     * With the lease of a scheduler's claim, the report is stored only together with letting go of
     * the claim; when another instance has taken the period over meanwhile, nothing is stored and
     * ClaimTakenOverError is thrown.
     */
    async generate(templateId: number, range: ReportRange, lease?: Date): Promise<Generated> {
      const row = await deps.templates.find(null, templateId);
      if (!row) throw new Error(`report template ${templateId} is gone`);
      const t = row.template;
      try {
        const generatedAt = deps.now();
        const owner = t.userId === null ? null : await deps.loadIdentity(t.userId);
        const scope = {
          viewer: viewerOf(row, owner),
          appliedBy: t.appliedBy,
          applyList: t.applyList,
        };
        const data = await buildReport(deps.data, scope, {
          name: t.name,
          description: t.description,
          type: t.type,
          period: t.period,
          parameters: t.parameters,
          companyId: t.companyId,
          timeZone: t.timeZone,
          range,
          generatedAt,
        });
        const pdf = await reportPdf({
          name: t.name,
          description: t.description,
          companyName: row.companyName,
          parameters: t.parameters,
          data,
          range,
          timeZone: t.timeZone,
          generatedAt,
        });
        const values = {
          templateId: t.id,
          templateName: t.name,
          companyId: t.companyId,
          userId: t.userId,
          name: t.name,
          description: t.description,
          type: t.type,
          period: t.period,
          parameters: t.parameters,
          periodStart: range.start,
          periodEnd: range.end,
          timeZone: t.timeZone,
          devicesCount: data.devices.length,
          data,
          pdf,
          csv: reportCsv(data, t.parameters),
        };
        const id = await deps.transaction(async (tx) => {
          if (lease && !(await deps.templates.release(t.id, lease, tx)))
            throw new ClaimTakenOverError(t.id);
          return deps.generated.insert(values, tx);
        });
        await deps.templates.recordOutcome(t.id, { generatedAt });
        const mail = await mailTo(row, owner, {
          id,
          name: t.name,
          pdf,
          range,
          companyName: row.companyName,
        });
        return { id, name: t.name, mail };
      } catch (error) {
        // The instance that took the period over records how it went.
        if (error instanceof ClaimTakenOverError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        await deps.templates.recordOutcome(t.id, { error: message });
        throw error;
      }
    },
  };
};

export type ReportGenerator = ReturnType<typeof createReportGenerator>;
