import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '@/db/client';
import type { ModuleContext } from '@/modules/context';
import type { Identity } from '@/modules/identity/auth/auth.types';
import { createEmailConfigurationsRepository } from '@/modules/system/email-configurations/email-configurations.repository';
import { createSmtpHostGuard } from '@/modules/system/email-configurations/smtp-host-guard';
import {
  createSmtpTransports,
  type SmtpTransports,
} from '@/modules/system/email-configurations/smtp-transports';
import type { MailService } from '@/modules/system/mail/mail.service';
import { createCreditReportRepository } from './credit-report.repository';
import { creditReportRoutes } from './credit-report.routes';
import { createCreditReportService } from './credit-report.service';
import { createGeneratedReportsRepository } from './generated-reports.repository';
import { generatedReportsRoutes } from './generated-reports.routes';
import { createGeneratedReportsService } from './generated-reports.service';
import { createReportDataRepository } from './report-data.repository';
import { createReportGenerator } from './report-generator';
import { createReportRetention } from './report-retention';
import { createReportScheduler } from './report-scheduler';
import { createReportTemplatesRepository } from './report-templates.repository';
import { createReportTemplatesService } from './report-templates.service';
import { reportsRoutes } from './reports.routes';

export interface ReportsCoreDeps {
  db: Database;
  now: () => Date;
  mail: Pick<MailService, 'deliver'>;
  smtp: Pick<SmtpTransports, 'routeFor'>;
  loadIdentity: (userId: number) => Promise<Identity | null>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * What generates reports, apart from the routes: the repositories, the generator and the scheduler
 * of periodic reports (tests build several over one database, as several instances would be).
 */
export const createReportsCore = ({ db, now, mail, smtp, loadIdentity, log }: ReportsCoreDeps) => {
  const templates = createReportTemplatesRepository(db);
  const generated = createGeneratedReportsRepository(db);
  const generator = createReportGenerator({
    templates,
    generated,
    transaction: (fn) => db.transaction(fn),
    data: createReportDataRepository(db),
    loadIdentity,
    mail,
    smtp,
    now,
  });
  const scheduler = createReportScheduler({ templates, generator, now, log });
  return { templates, generated, generator, scheduler };
};

/**
 * Reports (issue 20): templates, their generation as data, PDF and CSV, mailing, the periodic
 * scheduler, the retention of generated reports, and the credit usage report.
 */
export const reportsModule = async (app: FastifyInstance, context: ModuleContext) => {
  const { db, now, status, config } = context;
  const smtp = createSmtpTransports(
    createEmailConfigurationsRepository(db),
    createSmtpHostGuard({ allowPrivateNetworks: config.smtpAllowPrivateNetworks }),
  );
  const core = createReportsCore({
    db,
    now,
    mail: context.mail,
    smtp,
    loadIdentity: (userId) => context.auth.authRepository.loadIdentity(userId),
    log: app.log,
  });
  const inFlight = new Set<Promise<unknown>>();
  const track = (done: Promise<unknown>) => {
    const tracked = done.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  await app.register(reportsRoutes, {
    templatesService: createReportTemplatesService({
      templates: core.templates,
      generator: core.generator,
      status,
      actionLog: context.actionLog,
      now,
    }),
    track,
  });
  await app.register(generatedReportsRoutes, {
    generatedService: createGeneratedReportsService({ generated: core.generated }),
  });
  await app.register(creditReportRoutes, {
    creditReport: createCreditReportService({ repository: createCreditReportRepository(db), now }),
  });

  const retention = createReportRetention({
    generated: core.generated,
    days: config.reportRetentionDays,
    now,
    log: app.log,
  });

  app.addHook('onReady', async () => {
    core.scheduler.start();
    retention.start();
  });
  // Before the database closes: a generation or deletion in flight finishes its writes.
  app.addHook('preClose', async () => {
    await Promise.all([core.scheduler.stop(), retention.stop()]);
    await Promise.allSettled(inFlight);
    smtp.close();
  });
  return core;
};
