import { z } from 'zod';
import {
  CONFIG_METHODS,
  createConfigTemplateBodySchema,
  isSecretOption,
  SECRET_VALUE_MASK,
  SECTION_TYPE_KEY,
  templateRequestSchema,
  templateRequests,
  type ConfigMethod,
  type ConfigRequest,
  type ConfigTemplate,
  type ConfigValue,
  type CreateConfigTemplateBody,
} from '@netfleet/contracts';
import { CONFIG_TEXTS as T } from '../texts';
import { optionProblem, optionSpecs, parseValue, valueText } from './config-schema';
import { formErrorMap } from './form-error-map';

/** The methods a template offers; a read changes nothing, so it has no place in one. */
export const TEMPLATE_METHODS = [
  'post',
  'put',
  'delete',
] as const satisfies readonly ConfigMethod[];

// What the inputs hold: the section type apart from the options, each option as a name and its
// value as typed, and for a put whether it is removed from the section instead (sent as null).
// The method takes any of the contract's, so a saved read shows the contract's refusal of it.
const optionFormSchema = z.object({ key: z.string(), value: z.string(), remove: z.boolean() });
const requestObject = z.object({
  method: z.enum(CONFIG_METHODS),
  path: z.string(),
  type: z.string(),
  options: z.array(optionFormSchema),
});
export type OptionFormValue = z.input<typeof optionFormSchema>;
export type RequestFormValue = z.input<typeof requestObject>;
type RequestInput = z.input<typeof templateRequestSchema>;

const specsOf = (request: RequestFormValue, key: string) =>
  optionSpecs(request.path, request.type, key.trim());

/** The request as the API takes it: a delete names no option, a removed option is null. */
function toRequest(request: RequestFormValue): RequestInput {
  const data: Record<string, ConfigValue | null> = {};
  if (request.method !== 'delete') {
    if (request.type !== '') data[SECTION_TYPE_KEY] = request.type;
    for (const option of request.options) {
      const key = option.key.trim();
      data[key] =
        request.method === 'put' && option.remove
          ? null
          : parseValue(specsOf(request, key), option.value);
    }
  }
  return { path: request.path.trim(), method: request.method, request_data: data };
}

/** The input a contract issue about the request belongs to. */
function inputOf(issue: z.core.$ZodIssue, request: RequestFormValue): PropertyKey[] {
  const [field, key] = issue.path;
  if (field === 'method') return ['method'];
  if (field !== 'request_data') return ['path'];
  if (key === SECTION_TYPE_KEY) return ['type'];
  const index = request.options.findIndex((option) => option.key.trim() === key);
  if (index < 0) return ['options'];
  return ['options', index, issue.code === 'invalid_key' ? 'key' : 'value'];
}

/** Each option named once, and its value one the schema takes when the schema knows it. */
function checkOptions(request: RequestFormValue, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  request.options.forEach((option, index) => {
    const issue = (field: 'key' | 'value', message: string) =>
      ctx.addIssue({ code: 'custom', path: ['options', index, field], message });
    const key = option.key.trim();
    if (key === '') issue('key', T.optionNameRequired);
    else if (key === SECTION_TYPE_KEY) issue('key', T.typeIsNotAnOption);
    else if (seen.has(key)) issue('key', T.duplicateOption);
    seen.add(key);
    if (request.method === 'put' && option.remove) return;
    // A saved secret comes masked and, sent back so, keeps its stored value: nothing to check.
    if (isSecretOption(key) && option.value === SECRET_VALUE_MASK) return;
    const specs = specsOf(request, key);
    const problem = optionProblem(specs, parseValue(specs, option.value));
    if (problem) issue('value', problem);
  });
}

/**
 * The contract's rules for a template request, under the inputs they concern, and what a device
 * would refuse: a new section without its type, a put that changes nothing, a value that does not
 * fit its option. All of them at once, so every input shows its problem on the first submit.
 */
function checkRequest(request: RequestFormValue, ctx: z.RefinementCtx) {
  const result = templateRequestSchema.safeParse(toRequest(request), { error: formErrorMap });
  for (const issue of result.error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', path: inputOf(issue, request), message: issue.message });
  }
  if (request.method === 'delete') return;
  if (request.method === 'post' && request.type === '') {
    ctx.addIssue({ code: 'custom', path: ['type'], message: T.typeRequired });
  }
  if (request.method === 'put' && request.options.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: T.optionRequired });
  }
  checkOptions(request, ctx);
}

// The contract's own field schemas; an empty optional input is null, so their defaults go.
const fields = createConfigTemplateBodySchema.shape;
const blankToNull = (text: string) => (text.trim() === '' ? null : text);

const templateFormObject = z.object({
  company_id: fields.company_id,
  name: fields.name,
  version: fields.version,
  device_model: z.string().transform(blankToNull).pipe(fields.device_model.unwrap()),
  firmware: z.string().transform(blankToNull).pipe(fields.firmware.unwrap()),
  min_firmware: z.string().transform(blankToNull).pipe(fields.min_firmware.unwrap()),
  max_firmware: z.string().transform(blankToNull).pipe(fields.max_firmware.unwrap()),
  template: z
    .array(requestObject.superRefine(checkRequest))
    .transform((requests) => requests.map(toRequest))
    .pipe(fields.template),
});

/**
 * The create body: the inputs checked field by field with the contract's own schemas (so their
 * messages land on the paths the server names, `template.0.path`), then the whole body by the
 * contract (the firmware range). An edit sends the same without the company.
 */
export const templateFormSchema = templateFormObject
  // The checked fields are a body as the contract takes it (zod's pipe wants that said).
  .transform((body): z.input<typeof createConfigTemplateBodySchema> => body)
  .pipe(createConfigTemplateBodySchema);
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFormValues = CreateConfigTemplateBody;

export const newOption = (): OptionFormValue => ({ key: '', value: '', remove: false });

/** Changing options of a section that exists is what a template does most. */
export const newRequest = (): RequestFormValue => ({
  method: 'put',
  path: '',
  type: '',
  options: [newOption()],
});

/** A saved request in the inputs. */
function requestOf(request: ConfigRequest): RequestFormValue {
  const { [SECTION_TYPE_KEY]: type, ...options } = request.request_data;
  return {
    method: request.method,
    path: request.path,
    type: typeof type === 'string' ? type : '',
    options: Object.entries(options).map(([key, value]) => ({
      key,
      value: value === null ? '' : valueText(value),
      remove: value === null,
    })),
  };
}

/** A new template of the company, starting with one request. */
export const newTemplateForm = (companyId: number): TemplateFormInput => ({
  company_id: companyId,
  name: '',
  version: '1.0.0',
  device_model: '',
  firmware: '',
  min_firmware: '',
  max_firmware: '',
  template: [newRequest()],
});

/** A saved template in the inputs, to be edited. */
export const templateFormOf = (template: ConfigTemplate): TemplateFormInput => ({
  company_id: template.company_id,
  name: template.name,
  version: template.version,
  device_model: template.device_model ?? '',
  firmware: template.firmware ?? '',
  min_firmware: template.min_firmware ?? '',
  max_firmware: template.max_firmware ?? '',
  template: templateRequests(template).map(requestOf),
});
