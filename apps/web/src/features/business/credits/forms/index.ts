import type { FormDefinition } from '@/components/schema-form';
import { activateCodeForm } from './activate-code';
import { addCompanyDataForm } from './add-company-data';
import { addResourcesForm } from './add-resources';
import { createCodeForm } from './create-code';
import { editCodeForm } from './edit-code';
import { moveDeviceResourcesForm } from './move-device-resources';
import { moveResourcesForm } from './move-resources';

/** The forms of this feature by the name used in /forms/<name>/<id?>. */
export const creditsForms: Record<string, FormDefinition> = {
  [addResourcesForm.name]: addResourcesForm,
  [moveResourcesForm.name]: moveResourcesForm,
  [createCodeForm.name]: createCodeForm,
  [activateCodeForm.name]: activateCodeForm,
  [addCompanyDataForm.name]: addCompanyDataForm,
  [editCodeForm.name]: editCodeForm,
  [moveDeviceResourcesForm.name]: moveDeviceResourcesForm,
};
