// Renders a plain field by its type (text when none is given).
import type { SchemaFieldProps } from '../use-schema-field';
import { CheckboxField } from './checkbox-field';
import { ColorField } from './color-field';
import { DateTimeField } from './datetime-field';
import { FileField } from './file-field';
import { NumberField } from './number-field';
import { RadioField } from './radio-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';

export function TypedField(props: SchemaFieldProps) {
  switch (props.field.type) {
    case 'textarea':
      return <TextareaField {...props} />;
    case 'number':
      return <NumberField {...props} />;
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'radio':
      return <RadioField {...props} />;
    case 'select':
      return <SelectField {...props} />;
    case 'color':
      return <ColorField {...props} />;
    case 'file':
      return <FileField {...props} />;
    case 'datetime':
      return <DateTimeField {...props} />;
    default:
      return <TextField {...props} />;
  }
}
