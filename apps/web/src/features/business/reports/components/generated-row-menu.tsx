import { IconFileTypeCsv, IconFileTypePdf, IconPencil, IconTrash } from '@tabler/icons-react';
import { hasPermission, type GeneratedReport } from '@netfleet/contracts';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteGeneratedReport } from '../api/delete-generated-report';
import { downloadGeneratedReport } from '../api/downloads';
import { renameGeneratedReportForm } from '../forms/rename-generated-report';
import { REPORT_TEXTS as T } from '../texts';

/** A generated report's actions: its downloads, and renaming or deleting it (manage_reports). */
export function GeneratedRowMenu({ report }: { report: GeneratedReport }) {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useDeleteGeneratedReport();
  const items: RowMenuItem[] = [
    {
      label: T.downloadPdf,
      icon: <IconFileTypePdf size={14} />,
      onClick: () => void downloadGeneratedReport(report.id, 'pdf'),
    },
    {
      label: T.downloadCsv,
      icon: <IconFileTypeCsv size={14} />,
      onClick: () => void downloadGeneratedReport(report.id, 'csv'),
    },
  ];
  if (hasPermission(permissions, 'manage_reports')) {
    const remove = async () => {
      const confirmed = await confirmDialog({
        title: T.deleteGeneratedTitle,
        message: T.deleteGeneratedConfirm(report.name),
        confirmText: T.delete,
        danger: true,
      });
      if (!confirmed) return;
      try {
        await mutateAsync(report.id);
        toast.success(T.generatedDeleted);
      } catch (error) {
        toast.error(isApiError(error) ? error.message : T.deleteFailed);
      }
    };
    items.push(
      {
        label: T.rename,
        icon: <IconPencil size={14} />,
        // The generated reports dialog is no main one: it stays open under the form.
        onClick: () =>
          openFormDialog(renameGeneratedReportForm, {
            id: String(report.id),
            initialValues: { name: report.name, description: report.description },
          }),
      },
      {
        label: T.delete,
        icon: <IconTrash size={14} />,
        color: 'red',
        onClick: () => void remove(),
      },
    );
  }
  return <RowMenu label={report.name} items={items} />;
}
