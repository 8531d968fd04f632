import type { FormDefinition } from '@/components/schema-form';
import { companyFlagsForm } from './company-flags';
import { editCompanyForm } from './edit-company';
import { moveCompanyForm } from './move-company';
import { moveUsersForm } from './move-users';
import { newCompanyForm } from './new-company';

/** The forms of this feature by the name used in /forms/<name>/<id?>. */
export const companiesForms: Record<string, FormDefinition> = {
  [newCompanyForm.name]: newCompanyForm,
  [editCompanyForm.name]: editCompanyForm,
  [companyFlagsForm.name]: companyFlagsForm,
  [moveCompanyForm.name]: moveCompanyForm,
  [moveUsersForm.name]: moveUsersForm,
};
