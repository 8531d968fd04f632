import type { FormDefinition } from '@/components/schema-form';
import { editReportForm } from './edit-report';
import { newReportForm } from './new-report';
import { renameGeneratedReportForm } from './rename-generated-report';

/** The forms of this feature by the name used in /forms/<name>/<id?>. */
export const reportsForms: Record<string, FormDefinition> = {
  [newReportForm.name]: newReportForm,
  [editReportForm.name]: editReportForm,
  [renameGeneratedReportForm.name]: renameGeneratedReportForm,
};
