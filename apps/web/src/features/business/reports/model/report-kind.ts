import type { ReportTemplate, ReportTemplateListQuery } from '@netfleet/contracts';

/**
 * Which templates a list shows: /reports the single ones, /reports/periodic/{day,week,month} the
 * periodic ones repeating over that period (spec §2: reports single, periodic day/week/month).
 */
export const REPORT_KINDS = ['single', 'day', 'week', 'month'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The GET /reports filter of a kind. */
export function kindQuery(kind: ReportKind): Pick<ReportTemplateListQuery, 'type' | 'period'> {
  return kind === 'single' ? { type: 'single' } : { type: 'periodic', period: kind };
}

/** The list a template shows in. */
export function kindOf(template: Pick<ReportTemplate, 'type' | 'period'>): ReportKind {
  if (template.type === 'single' || template.period === 'custom') return 'single';
  return template.period;
}
