// Where a message about the body goes in the form: the contract's issue paths and the server's
// `source`s (`data.0.variables.1.filter`) name body fields; this names the input showing each.

type Segment = string | number;

const TOP_INPUTS = [
  'company_id',
  'name',
  'description',
  'device_documentation_id',
  'period',
  'enabled',
  'data',
];
const VARIABLE_INPUTS = ['id', 'filter', 'ref', 'type', 'default', 'enum', 'description'];
const QUERY_INPUTS = ['key', 'value'];

const isIndex = (segment: Segment | undefined): segment is number => typeof segment === 'number';

function endpointInput(index: number, rest: readonly Segment[]): Segment[] {
  const endpoint = ['data', index];
  const [list, item, field] = rest;
  if (list === 'variables') {
    if (!isIndex(item)) return [...endpoint, 'variables'];
    // A transform is not edited here: its message goes to the variable's id.
    const input = VARIABLE_INPUTS.find((name) => name === field) ?? 'id';
    return [...endpoint, 'variables', item, input];
  }
  if (list === 'query_parameters') {
    if (!isIndex(item)) return [...endpoint, 'query_parameters'];
    const input = QUERY_INPUTS.find((name) => name === field) ?? 'key';
    return [...endpoint, 'query_parameters', item, input];
  }
  // The url, and the search parameters that fill its placeholders.
  return [...endpoint, 'url'];
}

/** The input showing a message about `path` of the body. */
export function inputPath(path: readonly PropertyKey[]): Segment[] {
  const segments = path.map((segment) => (typeof segment === 'symbol' ? '' : segment));
  const [field, index, ...rest] = segments;
  if (field === 'api_system' || field === 'api_version') return ['device_documentation_id'];
  if (field === 'data' && isIndex(index)) return endpointInput(index, rest);
  return typeof field === 'string' && TOP_INPUTS.includes(field) ? [field] : [];
}

/** A server `source` as a path: `data.0.url` → ['data', 0, 'url']. */
export const sourcePath = (source: string): Segment[] =>
  source.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
