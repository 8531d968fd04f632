import type { FormDefinition } from '@/components/schema-form';
import { getTag } from '../api/get-tag';
import { TAGS_PATH, tagsKeys } from '../api/keys';
import { TAG_TEXTS } from '../texts';
import { TAG_FIELDS, tagBody } from './tag-fields';

/** PUT /tags/{id}: name, description, colour (empty = back to the default colour). */
export const editTagForm: FormDefinition = {
  name: 'edit-tag',
  title: TAG_TEXTS.editTag,
  item: TAG_TEXTS.items.tag,
  verb: 'update',
  permission: 'manage_tags',
  method: 'PUT',
  url: (_values, id) => `${TAGS_PATH}/${id}`,
  fields: TAG_FIELDS,
  initialValues: async (id) => {
    if (!id) throw new Error(TAG_TEXTS.notFound);
    const tag = await getTag(id);
    return { name: tag.name, description: tag.description, color: tag.color ?? '' };
  },
  transform: tagBody,
  invalidate: [tagsKeys.all],
};
