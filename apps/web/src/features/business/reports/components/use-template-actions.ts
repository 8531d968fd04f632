import { hasPermission, type ReportTemplate } from '@netfleet/contracts';
import { useCallback, useMemo } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog, type FormValues } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteReportTemplate } from '../api/delete-report-template';
import { useGenerateReport } from '../api/generate-report';
import { editReportForm } from '../forms/edit-report';
import { newReportForm } from '../forms/new-report';
import { templateValues } from '../forms/report-fields';
import type { ReportKind } from '../model/report-kind';
import { REPORT_TEXTS as T } from '../texts';
import { openGeneratedListDialog } from './generated-list-dialog';
import { openGenerationDialog } from './generate-dialog';

export interface TemplateActions {
  /** manage_reports: without it only the generated reports are offered. */
  allowed: boolean;
  create: () => void;
  edit: (template: ReportTemplate) => void;
  remove: (template: ReportTemplate) => void;
  generate: (template: ReportTemplate) => void;
  generated: (template: ReportTemplate) => void;
}

/** A new report starts as the list it is made from: single, or periodic over its period. */
function startValues(kind: ReportKind, companyId: number | null): FormValues {
  const values: FormValues =
    kind === 'single' ? { type: 'single' } : { type: 'periodic', repeat: kind };
  if (companyId !== null) values.company_id = companyId;
  return values;
}

/** The report lists' actions: new, edit, delete (asked first), generate now, generated list. */
export function useTemplateActions(kind: ReportKind, companyId: number | null): TemplateActions {
  const { permissions } = useCurrentUser();
  const removal = useDeleteReportTemplate();
  const generation = useGenerateReport();
  const removeTemplate = removal.mutateAsync;
  const startGeneration = generation.mutateAsync;

  const remove = useCallback(
    (template: ReportTemplate) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(template.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await removeTemplate(template.id);
          toast.success(T.deleted);
        } catch (error) {
          toast.error(isApiError(error) ? error.message : T.deleteFailed);
        }
      })();
    },
    [removeTemplate],
  );

  const generate = useCallback(
    (template: ReportTemplate) => {
      void (async () => {
        try {
          openGenerationDialog(template, await startGeneration(template.id));
        } catch (error) {
          toast.error(isApiError(error) ? error.message : T.generateFailed);
        }
      })();
    },
    [startGeneration],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_reports'),
      create: () =>
        openFormDialog(newReportForm, {
          initialValues: startValues(kind, companyId),
        }),
      edit: (template) =>
        openFormDialog(editReportForm, {
          id: String(template.id),
          initialValues: templateValues(template),
        }),
      remove,
      generate,
      generated: openGeneratedListDialog,
    }),
    [permissions, kind, companyId, remove, generate],
  );
}
