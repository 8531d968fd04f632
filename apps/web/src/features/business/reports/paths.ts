import { pathForRouteName } from '@netfleet/contracts';
import type { ReportKind } from './model/report-kind';

// The catalogue's paths (contracts/routes.ts), so the pages link where the router mounts them.
export const REPORTS_ROUTES: Readonly<Record<ReportKind, string>> = {
  single: pathForRouteName('reports.single') ?? '/reports',
  day: pathForRouteName('reports.periodic.day') ?? '/reports/periodic/day',
  week: pathForRouteName('reports.periodic.week') ?? '/reports/periodic/week',
  month: pathForRouteName('reports.periodic.month') ?? '/reports/periodic/month',
};

const GENERATED_ROUTE = pathForRouteName('reports.generated') ?? '/report/generated/:id';

/** The page of one generated report (/report/generated/{id}). */
export const generatedReportPath = (id: number): string =>
  GENERATED_ROUTE.replace(':id', String(id));

/** A device's page (route `device`). */
export const devicePath = (id: number): string => `/devices/${id}`;
