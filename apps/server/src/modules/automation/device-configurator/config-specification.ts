import {
  CONFIG_SCHEMA,
  configsOfModel,
  type OptionSpec,
  SECTION_TYPE_KEY,
} from '@netfleet/contracts';

type JsonSchema = Record<string, unknown>;

/** UCI values are text: numbers and booleans are written as strings ("1", "1500"). */
const optionSchema = (spec: OptionSpec): JsonSchema => {
  switch (spec.kind) {
    case 'text':
      return {
        type: 'string',
        ...(spec.min ? { minLength: spec.min } : {}),
        maxLength: spec.max,
        ...(spec.pattern ? { pattern: spec.pattern.source } : {}),
      };
    case 'integer':
      return { type: 'string', pattern: '^-?\\d+$', description: `${spec.min} to ${spec.max}` };
    case 'boolean':
      return { type: 'string', enum: ['0', '1'] };
    case 'ipv4':
      return { type: 'string', format: 'ipv4' };
    case 'domain':
      return { type: 'string', format: 'hostname', description: 'a domain name, e.g. example.com' };
    case 'enum':
      return { type: 'string', enum: [...spec.values] };
    case 'list':
      return { type: 'array', maxItems: spec.max, items: optionSchema(spec.of) };
  }
};

const sectionSchema = (type: string, options: Record<string, OptionSpec>): JsonSchema => ({
  type: 'object',
  title: type,
  properties: {
    [SECTION_TYPE_KEY]: { const: type },
    ...Object.fromEntries(
      Object.entries(options).map(([option, spec]) => [
        option,
        { anyOf: [optionSchema(spec), { type: 'null', description: 'removes the option' }] },
      ]),
    ),
  },
  additionalProperties: false,
});

/**
 * The configuration API the given devices share (by model and firmware), as OpenAPI 3.1 (RMS
 * answers the configurator specification with such a document): a path per config, the section
 * types as request bodies.
 */
export const configSpecification = (
  devices: readonly { model: string; firmware: string | null }[],
) => {
  const shared = devices
    .map((device) => new Set(configsOfModel(device.model, device.firmware)))
    .reduce((all, configs) => new Set([...all].filter((config) => configs.has(config))));
  const paths = Object.fromEntries(
    [...shared].sort().map((config) => {
      const bodies = Object.entries(CONFIG_SCHEMA[config] ?? {}).map(([type, options]) =>
        sectionSchema(type, options),
      );
      const body = { content: { 'application/json': { schema: { oneOf: bodies } } } };
      const section = {
        name: 'section',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$' },
      };
      const answer = { '200': { description: 'The section after the request' } };
      return [
        `/${config}/{section}`,
        {
          parameters: [section],
          get: { summary: `Read a ${config} section`, responses: answer },
          post: {
            summary: `Create a ${config} section`,
            requestBody: body,
            responses: { '201': answer['200'] },
          },
          put: {
            summary: `Change options of a ${config} section`,
            requestBody: body,
            responses: answer,
          },
          delete: { summary: `Remove a ${config} section`, responses: answer },
        },
      ];
    }),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: `Device configuration (${[...new Set(devices.map((device) => device.model))].join(', ')})`,
      version: '1',
    },
    paths,
  };
};
