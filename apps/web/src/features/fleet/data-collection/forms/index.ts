import type { FormDefinition } from '@/components/schema-form';
import { uploadDeviceApiDocumentationForm } from './upload-device-api-documentation';

/** The forms of this feature by the name used in /forms/<name>/<id?>. */
export const dataCollectionForms: Record<string, FormDefinition> = {
  [uploadDeviceApiDocumentationForm.name]: uploadDeviceApiDocumentationForm,
};
