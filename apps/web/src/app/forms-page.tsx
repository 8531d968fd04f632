// Route /forms/:name/:id?: the generic form page over the registered forms. A lazy page, so the
// definitions and the form code load with it.
import { FormRegistryProvider, GenericFormPage } from '@/components/schema-form';
import { FORMS } from './form-definitions';

export function FormsPage() {
  return (
    <FormRegistryProvider forms={FORMS}>
      <GenericFormPage />
    </FormRegistryProvider>
  );
}
