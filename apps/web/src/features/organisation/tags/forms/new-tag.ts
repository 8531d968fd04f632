import type { FormDefinition, FormValues } from '@/components/schema-form';
import { fetchCurrentUser } from '@/lib/current-user';
import { TAGS_PATH, tagsKeys } from '../api/keys';
import { TAG_TEXTS } from '../texts';
import { TAG_FIELDS, tagBody } from './tag-fields';

/** Spec §5 New tag: company and name required, description and colour optional; POST /tags. */
export const newTagForm: FormDefinition = {
  name: 'new-tag',
  title: TAG_TEXTS.newTag,
  item: TAG_TEXTS.items.tag,
  verb: 'create',
  permission: 'manage_tags',
  method: 'POST',
  url: TAGS_PATH,
  fields: [
    {
      key: 'company_id',
      label: TAG_TEXTS.company,
      required: true,
      component: 'ItemSelect',
      props: { endpoint: '/companies', labelKey: 'name', valueKey: 'id' },
    },
    ...TAG_FIELDS,
  ],
  // The form page starts in the user's own company; pages pass their company instead.
  initialValues: async () => ({ company_id: (await fetchCurrentUser()).company_id }),
  transform: (values: FormValues) => ({ company_id: values.company_id, ...tagBody(values) }),
  invalidate: [tagsKeys.all],
};
