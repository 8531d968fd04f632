import {
  COMPANY_MESSAGES,
  ERROR_CODES,
  REPORT_MESSAGES,
  reportTemplateProblems,
  type CreateReportTemplateBody,
  type ReportAppliedBy,
  type ReportTemplate,
  type ReportTemplateListQuery,
  type UpdateReportTemplateBody,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { ReportGenerator } from './report-generator';
import { toTemplate } from './report-mappers';
import { nextPeriodEnd, rangeOf } from './report-periods';
import type {
  ReportTemplatesRepository,
  TemplateRow,
  TemplateValues,
} from './report-templates.repository';

interface Deps {
  templates: ReportTemplatesRepository;
  generator: Pick<ReportGenerator, 'generate'>;
  status: Pick<StatusService, 'open' | 'publish'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

const notFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, REPORT_MESSAGES.notFound);

const ITEM_NOT_FOUND: Record<ReportAppliedBy, string> = {
  device: REPORT_MESSAGES.deviceNotFound,
  company: REPORT_MESSAGES.companyNotFound,
  tag: REPORT_MESSAGES.tagNotFound,
};

/** When a template runs next: the end of the period under way, if it is periodic and active. */
const nextRunOf = (
  values: Pick<TemplateValues, 'type' | 'period' | 'timeZone' | 'isActive'>,
  at: Date,
) =>
  values.type === 'periodic' && values.isActive !== false && values.period !== 'custom'
    ? nextPeriodEnd(values.period, values.timeZone ?? 'UTC', at)
    : null;

/** Report templates: kept, checked, and generated on request (RMS /reports). */
export const createReportTemplatesService = ({
  templates,
  generator,
  status,
  actionLog,
  now,
}: Deps) => {
  const answer = async (auth: AuthContext, row: TemplateRow): Promise<ReportTemplate> => {
    const nameOf = await templates.names(auth, [
      { appliedBy: row.template.appliedBy, ids: row.template.applyList },
    ]);
    return toTemplate(row, nameOf);
  };

  const load = async (auth: AuthContext, id: number) => {
    const row = await templates.find(auth, id);
    if (!row) throw notFound();
    return row;
  };

  /** What the caller may not put in a template, as a 422 on the field; nothing is stored then. */
  const check = async (auth: AuthContext, values: TemplateValues) => {
    const [problem] = reportTemplateProblems(
      {
        type: values.type,
        period: values.period,
        parameters: values.parameters,
        start_date: values.startDate ?? null,
        end_date: values.endDate ?? null,
      },
      now(),
    );
    if (problem) throw invalid(problem.message, problem.source);
    const seen = await templates.visibleItems(auth, values.appliedBy, values.applyList);
    const hidden = values.applyList.findIndex((id) => !seen.has(id));
    if (hidden !== -1) throw invalid(ITEM_NOT_FOUND[values.appliedBy], `apply_list.${hidden}`);
    if (values.smtpConfigId && !(await templates.smtpVisible(auth, values.smtpConfigId)))
      throw invalid(REPORT_MESSAGES.smtpNotFound, 'smtp_config_id');
  };

  return {
    async list(auth: AuthContext, query: ReportTemplateListQuery) {
      const { rows, total } = await templates.list(auth, query);
      const nameOf = await templates.names(
        auth,
        rows.map((row) => ({ appliedBy: row.template.appliedBy, ids: row.template.applyList })),
      );
      return { data: rows.map((row) => toTemplate(row, nameOf)), total };
    },

    async get(auth: AuthContext, id: number) {
      return answer(auth, await load(auth, id));
    },

    async create(auth: AuthContext, body: CreateReportTemplateBody, ip: string) {
      const companyId = body.company_id ?? auth.company.id;
      if (!(await templates.companyVisible(auth, companyId)))
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      const values: TemplateValues = {
        companyId,
        userId: auth.user.id,
        name: body.name || 'Report',
        description: body.description ?? '',
        type: body.type,
        period: body.period,
        parameters: body.parameters,
        appliedBy: body.applied_by,
        applyList: [...new Set(body.apply_list)],
        startDate: body.start_date ?? null,
        endDate: body.end_date ?? null,
        timeZone: body.time_zone,
        isActive: body.is_active ?? true,
        recipients: [...new Set(body.recipients.map((to) => to.toLowerCase()))],
        smtpConfigId: body.smtp_config_id ?? null,
      };
      await check(auth, values);
      const id = await templates.insert({ ...values, nextRunAt: nextRunOf(values, now()) });
      await actionLog.record(actorOf(auth, ip), 'report_template_create', {
        entity: 'report_template',
        entityId: id,
        details: { name: values.name, company_id: companyId, type: values.type },
      });
      return answer(auth, await load(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateReportTemplateBody, ip: string) {
      const row = await load(auth, id);
      const t = row.template;
      const values: TemplateValues = {
        companyId: t.companyId,
        userId: t.userId,
        name: body.name || t.name,
        description: body.description ?? t.description,
        type: body.type ?? t.type,
        period: body.period ?? t.period,
        parameters: body.parameters ?? t.parameters,
        appliedBy: body.applied_by ?? t.appliedBy,
        applyList: body.apply_list ? [...new Set(body.apply_list)] : t.applyList,
        startDate: body.start_date !== undefined ? body.start_date : t.startDate,
        endDate: body.end_date !== undefined ? body.end_date : t.endDate,
        timeZone: body.time_zone ?? t.timeZone,
        isActive: body.is_active ?? t.isActive,
        recipients: body.recipients
          ? [...new Set(body.recipients.map((to) => to.toLowerCase()))]
          : t.recipients,
        smtpConfigId: body.smtp_config_id !== undefined ? body.smtp_config_id : t.smtpConfigId,
      };
      await check(auth, values);
      // The schedule stays unless what decides it changed (or it had none and now needs one).
      const same =
        values.type === t.type &&
        values.period === t.period &&
        values.timeZone === t.timeZone &&
        values.isActive === t.isActive &&
        t.nextRunAt !== null;
      const nextRunAt = same ? t.nextRunAt : nextRunOf(values, now());
      await templates.update(id, { ...values, nextRunAt });
      // Which fields were sent, not their values: recipients are people's addresses.
      await actionLog.record(actorOf(auth, ip), 'report_template_update', {
        entity: 'report_template',
        entityId: id,
        details: { name: values.name, company_id: t.companyId, fields: Object.keys(body) },
      });
      return answer(auth, await load(auth, id));
    },

    async remove(auth: AuthContext, id: number, ip: string) {
      const { template } = await load(auth, id);
      await templates.delete(id);
      await actionLog.record(actorOf(auth, ip), 'report_template_delete', {
        entity: 'report_template',
        entityId: id,
        details: { name: template.name, company_id: template.companyId },
      });
    },

    /**
     * Checks the template, opens a status channel and answers it with `done`, which generates the
     * report (over its custom period, or the last whole day, week or month) and mails it, reporting
     * on the channel under the template's id. `done` rejects only after the channel heard why.
     */
    async startGenerate(auth: AuthContext, id: number) {
      const row = await load(auth, id);
      const range = rangeOf(row.template, now());
      const channel = await status.open(auth.user.id);
      const item = String(id);
      const done = (async () => {
        await status.publish(channel, item, {
          status: 'started',
          value: `Generating ${row.template.name}`,
        });
        try {
          const generated = await generator.generate(id, range);
          const link = `/report/generated/${generated.id}`;
          if (generated.mail.status === 'failed')
            await status.publish(channel, item, {
              status: 'warning',
              value: `The report could not be mailed: ${generated.mail.error ?? ''}`,
              link,
            });
          await status.publish(channel, item, {
            status: 'completed',
            value: `Generated ${generated.name} (${generated.id})`,
            link,
          });
        } catch (error) {
          await status.publish(channel, item, {
            status: 'error',
            value: `Generating ${row.template.name} failed`,
          });
          throw error;
        }
      })();
      return { channel, done };
    },
  };
};

export type ReportTemplatesService = ReturnType<typeof createReportTemplatesService>;
