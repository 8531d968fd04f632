import { DEVICE_API_DOCUMENTATIONS } from '@netfleet/contracts';

const [builtIn] = DEVICE_API_DOCUMENTATIONS;

/**
 * netfleet's own device status API as an OpenAPI 3 document: what GET .../file answers for the
 * built-in documentation, so it reads like an uploaded one. Each endpoint answers `{ data }`.
 */
const document = {
  openapi: '3.0.3',
  info: { title: builtIn.name, version: builtIn.api_version },
  paths: Object.fromEntries(
    builtIn.endpoints.map((endpoint) => [
      endpoint.url,
      {
        get: {
          summary: endpoint.description,
          responses: {
            200: {
              description: endpoint.description,
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { data: {} } },
                },
              },
            },
          },
        },
      },
    ]),
  ),
};

const bytes = Buffer.from(JSON.stringify(document, null, 2));

export const BUILT_IN_DOCUMENTATION = {
  id: builtIn.id,
  /** Downloads are named as uploads are: a .json file. */
  name: 'netfleet-device-status-api.json',
  apiSystem: builtIn.api_system,
  apiVersion: builtIn.api_version,
  bytes,
  size: bytes.length,
};
