// The schema-form definitions (spec §3 "Form field definition"): features describe a form as data
// and SchemaForm renders, validates and submits it.
import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ActionVerb, Permission } from '@netfleet/contracts';
import type { ApiResponse, HttpMethod, Query } from '@/lib/api-client';

export type FieldType =
  | 'text'
  | 'password'
  | 'textarea'
  | 'file'
  | 'color'
  | 'checkbox'
  | 'radio'
  | 'number'
  | 'email'
  | 'select'
  /** A date and time picked on the chosen time zone's wall clock, held as an API date (UTC). */
  | 'datetime';

export type FieldComponent =
  'ItemSelect' | 'DeviceSelect' | 'BaseAlert' | 'ListInput' | 'TableInput';

export type FormValues = Record<string, unknown>;

export interface FieldOption {
  value: string;
  label: string;
}

/** Field → required value (or any of a list of values), or a predicate over all values. */
export type FieldDepends = Record<string, unknown> | ((values: FormValues) => boolean);

export interface FieldDefinition {
  key: string;
  label?: string;
  type?: FieldType;
  required?: boolean;
  minlength?: number;
  maxlength?: number;
  min?: number;
  max?: number;
  step?: number;
  pattern?: string;
  mask?: string;
  placeholder?: string;
  /** Shown under the field. */
  subtext?: string;
  /** Shown in a tooltip next to the label. */
  hint?: string;
  options?: FieldOption[];
  component?: FieldComponent;
  /**
   * Component options: ItemSelectOptions, ListInputOptions, TableInputOptions, BaseAlertOptions;
   * a `select` takes SelectOptions.
   */
  props?: Record<string, unknown>;
  depends?: FieldDepends;
  permission?: Permission;
  /** Text shown in the input's right section (a unit, a domain suffix...). */
  addon?: string;
  /** A button filling a random alphanumeric string; 'password' gives 16 characters. */
  generate?: boolean | 'password';
  disabled?: boolean;
  default?: unknown;
  /** File inputs: accepted extensions and mime types, as in the input's accept attribute. */
  accept?: string;
  /** File inputs: refuse file names containing spaces. */
  noSpaces?: boolean;
  /** File inputs: the largest file accepted, in bytes, when the API takes less than 80 MB. */
  maxSize?: number;
  /** Changing this field clears these fields (invite: company_id resets role). */
  resets?: string[];
}

export interface FormDefinition {
  name: string;
  title: string;
  item?: string;
  verb?: ActionVerb;
  fields: FieldDefinition[];
  method?: HttpMethod;
  url: string | ((values: FormValues, id?: string) => string);
  base?: string;
  multipart?: boolean;
  transform?: (values: FormValues) => unknown;
  initialValues?: (id?: string) => Promise<FormValues> | FormValues;
  /** A returned message is shown as a toast and nothing is sent. */
  beforeSubmit?: (values: FormValues, initial: FormValues) => string | null;
  /**
   * A returned question is asked (Confirm / Cancel) once the values are valid; nothing is sent
   * unless it is confirmed (spec §8 confirms, e.g. spending credits).
   */
  confirm?: (values: FormValues) => string | null;
  successMessage?: string | false;
  /** After the success handling (toast, close, reload), wherever the form is shown. */
  onSuccess?: (response: ApiResponse<unknown>) => void;
  /** Names what a 207 error's `source` points at, for the warning that lists them. */
  describeSource?: (source: string) => string;
  stayOpen?: boolean;
  invalidate?: readonly QueryKey[];
  submitLabel?: string;
  permission?: Permission;
  helpUrl?: string;
}

export interface SchemaFormProps {
  definition: FormDefinition;
  id?: string;
  initialValues?: FormValues;
  onCancel?: () => void;
  onSuccess?: (response: ApiResponse<unknown>) => void;
}

/** ItemSelect / DeviceSelect props (spec §7 pickers). */
export interface ItemSelectOptions {
  endpoint: string;
  labelKey?: string;
  valueKey?: string;
  multiple?: boolean;
  /** Fixed query parameters, e.g. { inviteable: true }. */
  query?: Query;
  /** Query parameter → field key whose value it takes; the list reloads when those change. */
  queryFrom?: Record<string, string>;
}

/** Props of a plain `select`: `multiple` picks several of its options (its value is a list). */
export interface SelectOptions {
  multiple?: boolean;
}

/** ListInput props (spec §3 "List input options"). */
export interface ListInputOptions {
  /** Keys that add the typed item; Enter and comma by default. */
  addKeys?: string[];
  maxItems?: number;
  uniqueItems?: boolean;
  noDupes?: boolean;
  /** Input type each item must be valid as (email, url, number...). */
  type?: string;
  pattern?: string;
  min?: number;
  max?: number;
  minItemLength?: number;
  maxItemLength?: number;
  showCsvUpload?: boolean;
  /** With showCsvUpload: the lines of an example file offered for download (one value a line). */
  csvExample?: readonly string[];
}

export interface TableInputOptions {
  columns: FieldDefinition[];
  /** Rows the table takes at most: "Add row" is disabled once it has them. */
  maxRows?: number;
}

export interface BaseAlertOptions {
  color?: string;
  title?: ReactNode;
  message: ReactNode;
}
