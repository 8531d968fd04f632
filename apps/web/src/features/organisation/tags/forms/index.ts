import type { FormDefinition } from '@/components/schema-form';
import { editTagForm } from './edit-tag';
import { newTagForm } from './new-tag';

/** The forms of this feature by the name used in /forms/<name>/<id?>. */
export const tagsForms: Record<string, FormDefinition> = {
  [newTagForm.name]: newTagForm,
  [editTagForm.name]: editTagForm,
};
