import { z } from 'zod';
import {
  DATA_COLLECT_API_SYSTEMS,
  DATA_COLLECT_VARIABLE_TYPES,
  dataCollectConfigBodySchema,
  dataCollectEndpointSchema,
  dataCollectVariableSchema,
  DEVICE_API_DOCUMENTATIONS,
  fromEndpointAnswer,
  type DataCollectConfig,
  type DataCollectConfigBody,
  type DataCollectEndpoint,
  type DataCollectVariable,
} from '@netfleet/contracts';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { inputPath } from './input-paths';

// What the inputs hold: texts as typed (lists comma separated), a variable's transform and an
// endpoint's search parameters kept as saved (the form does not edit them, but must not drop
// them). The whole is then checked by the contract, whose messages go to the input they concern.
const variableInput = z.object({
  id: z.string(),
  filter: z.string(),
  ref: z.string(),
  type: z.enum(DATA_COLLECT_VARIABLE_TYPES),
  default: z.string(),
  enum: z.string(),
  description: z.string(),
  transform: dataCollectVariableSchema.shape.transform,
});
const queryParameterInput = z.object({ key: z.string(), value: z.string() });
const endpointInput = z.object({
  url: z.string(),
  query_parameters: z.array(queryParameterInput),
  search_parameters: dataCollectEndpointSchema.shape.search_parameters,
  variables: z.array(variableInput),
});
type VariableInput = z.input<typeof variableInput>;
type EndpointInput = z.input<typeof endpointInput>;
type BodyInput = z.input<typeof dataCollectConfigBodySchema>;

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function toVariable(variable: VariableInput): z.input<typeof dataCollectVariableSchema> {
  const allowed = listOf(variable.enum);
  const description = variable.description.trim();
  return {
    id: variable.id.trim(),
    ref: blankToNull(variable.ref),
    filter: blankToNull(variable.filter),
    type: variable.type,
    default: variable.default === '' ? null : variable.default,
    enum: allowed.length > 0 ? allowed : null,
    ...(description ? { description } : {}),
    ...(variable.transform ? { transform: variable.transform } : {}),
  };
}

function toEndpoint(endpoint: EndpointInput): z.input<typeof dataCollectEndpointSchema> {
  const query = endpoint.query_parameters.map((parameter) => ({
    key: parameter.key.trim(),
    value: listOf(parameter.value),
  }));
  return {
    url: endpoint.url.trim(),
    ...(query.length > 0 ? { query_parameters: query } : {}),
    ...(endpoint.search_parameters ? { search_parameters: endpoint.search_parameters } : {}),
    variables: endpoint.variables.map(toVariable),
  };
}

/** The contract's words where they would be zod's (empty inputs, lengths, the period range). */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.path[0] === 'period') return T.periodMessage;
  // Both come from the documentation picked; without one they are missing together.
  if (issue.path[0] === 'device_documentation_id') return T.documentationRequired;
  if (issue.path[0] === 'api_version' && issue.code === 'too_small') return T.documentationRequired;
  if (issue.path[0] === 'name' && issue.code === 'too_small') return T.nameRequired;
  if (issue.code === 'too_small' && issue.origin === 'string') return T.required;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return T.atMostCharacters(Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'array') {
    if (issue.path.length === 1) return T.noEndpoints;
    if (issue.path.at(-1) === 'variables') return T.noVariables;
  }
  return issue.message;
}

// The contract leaves the name out if need be; a config without one would be hard to tell apart.
const bodyWithName = dataCollectConfigBodySchema.extend({
  name: dataCollectConfigBodySchema.shape.name.unwrap().unwrap().min(1),
});

const configFormObject = z.object({
  company_id: z.number(),
  name: z.string(),
  description: z.string(),
  device_documentation_id: z.number(),
  api_system: dataCollectConfigBodySchema.shape.api_system,
  api_version: z.string(),
  period: z.number(),
  enabled: z.boolean(),
  data: z.array(endpointInput),
});
export type ConfigFormInput = z.input<typeof configFormObject>;

/**
 * The body as the contract takes it, checked by the contract (a name is asked for too): every
 * message at once, on the input it concerns (`data.0.variables.1.filter`).
 */
export const configFormSchema = configFormObject.transform((form, ctx): DataCollectConfigBody => {
  const body: BodyInput = {
    name: form.name.trim(),
    description: blankToNull(form.description),
    company_id: form.company_id,
    api_version: form.api_version,
    api_system: form.api_system,
    period: form.period,
    enabled: form.enabled,
    device_documentation_id: form.device_documentation_id,
    data: form.data.map(toEndpoint),
  };
  const result = bodyWithName.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: inputPath(issue.path), message: messageOf(issue) });
  }
  return z.NEVER;
});

export const newVariable = (): VariableInput => ({
  id: '',
  filter: '',
  ref: '',
  type: 'string',
  default: '',
  enum: '',
  description: '',
});

export const newEndpoint = (): EndpointInput => ({
  url: '',
  query_parameters: [],
  variables: [newVariable()],
});

const [firstDocumentation] = DEVICE_API_DOCUMENTATIONS;

/** A new config of the company, written against the first documentation, collecting hourly. */
export const newConfigForm = (companyId: number): ConfigFormInput => ({
  company_id: companyId,
  name: '',
  description: '',
  device_documentation_id: firstDocumentation.id,
  api_system: firstDocumentation.api_system,
  api_version: firstDocumentation.api_version,
  period: 3600,
  enabled: true,
  data: [newEndpoint()],
});

const variableForm = (variable: DataCollectVariable): VariableInput => ({
  id: variable.id,
  filter: variable.filter ?? '',
  ref: variable.ref ?? '',
  type: variable.type,
  default: variable.default ?? '',
  enum: variable.enum?.join(', ') ?? '',
  description: variable.description ?? '',
  transform: variable.transform,
});

const endpointForm = (endpoint: DataCollectEndpoint): EndpointInput => ({
  url: endpoint.url,
  query_parameters: (endpoint.query_parameters ?? []).map((parameter) => ({
    key: parameter.key,
    value: parameter.value.join(', '),
  })),
  search_parameters: endpoint.search_parameters,
  variables: endpoint.variables.map(variableForm),
});

/** A saved config in the inputs, to be edited. */
export const configFormOf = ({
  company_id,
  config,
  period,
  enabled,
}: DataCollectConfig): ConfigFormInput => ({
  company_id,
  name: config.name,
  description: config.description ?? '',
  device_documentation_id: config.device_documentation_id,
  api_system: DATA_COLLECT_API_SYSTEMS.find((system) => system === config.api_system) ?? null,
  api_version: config.api_version,
  period,
  enabled,
  data: config.data.map((endpoint) => endpointForm(fromEndpointAnswer(endpoint))),
});
