// `props` of a field definition is loosely typed (it varies by component); these readers give each
// component its typed options and fail loudly on a definition that lacks a required one.
import type {
  BaseAlertOptions,
  FieldDefinition,
  ItemSelectOptions,
  ListInputOptions,
  TableInputOptions,
} from './types';

type Props = FieldDefinition['props'];

export function readItemSelectOptions(props: Props): ItemSelectOptions {
  if (typeof props?.endpoint !== 'string') throw new Error('ItemSelect needs props.endpoint');
  return props as unknown as ItemSelectOptions;
}

export function readListInputOptions(props: Props): ListInputOptions {
  return (props ?? {}) as ListInputOptions;
}

export function readTableInputOptions(props: Props): TableInputOptions {
  if (!Array.isArray(props?.columns)) throw new Error('TableInput needs props.columns');
  return props as unknown as TableInputOptions;
}

export function readBaseAlertOptions(props: Props): BaseAlertOptions {
  if (props?.message === undefined) throw new Error('BaseAlert needs props.message');
  return props as unknown as BaseAlertOptions;
}
