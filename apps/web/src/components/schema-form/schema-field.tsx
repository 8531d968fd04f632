// One field of a schema form: a named component (pickers, lists, tables, alerts) or a typed input.
import { BaseAlert } from './components/base-alert';
import { DeviceSelect } from './components/device-select';
import { ItemSelect } from './components/item-select';
import { ListInput } from './components/list-input';
import { TableInput } from './components/table-input';
import { TypedField } from './fields/typed-field';
import type { SchemaFieldProps } from './use-schema-field';

export function SchemaField(props: SchemaFieldProps) {
  switch (props.field.component) {
    case 'ItemSelect':
      return <ItemSelect {...props} />;
    case 'DeviceSelect':
      return <DeviceSelect {...props} />;
    case 'BaseAlert':
      return <BaseAlert field={props.field} />;
    case 'ListInput':
      return <ListInput {...props} />;
    case 'TableInput':
      return <TableInput {...props} />;
    default:
      return <TypedField {...props} />;
  }
}
