import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from '@netfleet/contracts';
import type { FieldDefinition, FormValues } from '@/components/schema-form';
import { TAG_TEXTS } from '../texts';

/** Name, description and colour: the fields both tag forms edit. */
export const TAG_FIELDS: FieldDefinition[] = [
  { key: 'name', label: TAG_TEXTS.name, required: true, maxlength: TAG_NAME_MAX_LENGTH },
  {
    key: 'description',
    label: TAG_TEXTS.description,
    type: 'textarea',
    maxlength: TAG_DESCRIPTION_MAX_LENGTH,
  },
  {
    key: 'color',
    label: TAG_TEXTS.color,
    type: 'color',
    placeholder: '#1a2b3c',
    // The API's rule (tagColorSchema): six hex digits.
    pattern: '#[0-9a-fA-F]{6}',
    subtext: TAG_TEXTS.colorHelp,
  },
];

/** An empty colour input means the default colour: null (the API refuses an empty string). */
export const colorValue = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const tagBody = (values: FormValues) => ({
  name: values.name,
  description: values.description,
  color: colorValue(values.color),
});
