import { describe, expect, it } from 'vitest';
import {
  collectConfig,
  collectEndpoint,
  convertCollected,
  type DataCollectEndpoint,
  dataCollectEndpointSchema,
  filterByQuery,
  type LocalApiAnswer,
} from './data-collect.ts';
import { parseJsonPath, queryJsonPath } from './json-path.ts';

const modems = {
  success: true,
  data: [
    { id: '1-1', primary: false, rsrp: -110, operator: 'Bite', temperature: '41.5' },
    { id: '2-1', primary: true, rsrp: -95, operator: 'Telia', temperature: 'N/A' },
  ],
};
const api = (url: string): LocalApiAnswer => {
  const path = url.split('?')[0];
  if (path === '/modems/status') return { http_code: 200, http_body: filterByQuery(modems, url) };
  if (path === '/modems/2-1/status')
    return { http_code: 200, http_body: { data: { band: 'B20' } } };
  return { http_code: 404, http_body: { success: false } };
};
const endpoint = (value: unknown): DataCollectEndpoint => dataCollectEndpointSchema.parse(value);

describe('JSONPath subset', () => {
  it('reads keys, indexes, wildcards and item filters in both spellings', () => {
    const doc = { http_body: modems };
    expect(queryJsonPath(doc, '$.http_body.data[@.primary=true].rsrp')).toEqual([-95]);
    expect(queryJsonPath(doc, "$.http_body.data[?(@.operator=='Bite')].id")).toEqual(['1-1']);
    expect(queryJsonPath(doc, '$.http_body.data[*].rsrp')).toEqual([-110, -95]);
    expect(queryJsonPath(doc, "$['http_body'].data[1].operator")).toEqual(['Telia']);
    expect(queryJsonPath(doc, '$.http_body.missing')).toEqual([]);
  });

  it('says what is wrong with a path it cannot read', () => {
    expect(parseJsonPath('http_body')).toBe('A filter starts with $');
    expect(parseJsonPath('$.data[')).toMatch(/Unexpected/);
    expect(Array.isArray(parseJsonPath('$.a.b[0]'))).toBe(true);
  });
});

describe('collecting an endpoint', () => {
  it('picks, converts and checks each variable, logging in RMS wording', async () => {
    const result = await collectEndpoint(
      endpoint({
        url: '/modems/status',
        variables: [
          { id: 'rsrp', filter: '$.http_body.data[@.primary=true].rsrp', type: 'integer' },
          { id: 'temp', filter: '$.http_body.data[@.primary=true].temperature', type: 'number' },
          { id: 'all', filter: '$.http_body.data[*].operator', type: 'array' },
          { id: 'op', filter: '$.http_body.data[1].operator', type: 'string', enum: ['Bite'] },
          { id: 'band', filter: '$.http_body.data[0].band', type: 'string', default: 'none' },
          { id: 'primary', filter: '$.http_body.data[1]', type: 'object' },
          { id: 'pid', ref: 'primary', filter: '$.id', type: 'string' },
        ],
      }),
      api,
    );
    expect(result.values).toEqual({
      rsrp: -95,
      all: ['Bite', 'Telia'],
      band: 'none',
      primary: modems.data[1],
      pid: '2-1',
    });
    expect(result.log).toEqual([
      'Variable retrieval failed: url [/modems/status], id [temp], filter [$.http_body.data[@.primary=true].temperature], type mismatch: can not convert actual value [N/A] to expected [number] type',
      'Variable retrieval failed: url [/modems/status], id [op], filter [$.http_body.data[1].operator], value [Telia] is not one of [Bite]',
    ]);
  });

  it('fills url placeholders from search parameters and applies query parameters', async () => {
    const band = await collectEndpoint(
      endpoint({
        url: '/modems/{id}/status',
        search_parameters: [
          { path: '/modems/status', search_key: 'primary', key: 'id', value: 'true' },
        ],
        variables: [{ id: 'band', filter: '$.http_body.data.band', type: 'string' }],
      }),
      api,
    );
    expect(band).toEqual({ values: { band: 'B20' }, log: [] });
    const filtered = await collectEndpoint(
      endpoint({
        url: '/modems/status',
        query_parameters: [{ key: 'operator', value: ['Bite'] }],
        variables: [{ id: 'ids', filter: '$.http_body.data[*].id', type: 'array' }],
      }),
      api,
    );
    expect(filtered.values).toEqual({ ids: ['1-1'] });
  });

  it('logs an endpoint the device does not answer and leaves it out of the message', async () => {
    const message = await collectConfig(
      {
        id: 3,
        period: 60,
        data: [
          endpoint({
            url: '/gps/position/status',
            variables: [{ id: 'lat', filter: '$.a', type: 'number' }],
          }),
          endpoint({
            url: '/modems/status',
            variables: [{ id: 'n', filter: '$.http_code', type: 'integer' }],
          }),
        ],
      },
      api,
      1_750_000_000_000,
    );
    expect(message).toEqual({
      ts: 1_750_000_000_000,
      config_id: 3,
      data: { '/modems/status': { n: 200 } },
      log: ['Request failed: url [/gps/position/status], http code [404]'],
    });
  });

  it('converts loosely where RMS does and refuses the rest', () => {
    expect(convertCollected('42', 'integer')).toBe(42);
    expect(convertCollected('4.2', 'integer')).toBeUndefined();
    expect(convertCollected('1', 'boolean')).toBe(true);
    expect(convertCollected({ a: 1 }, 'string')).toBeUndefined();
    expect(convertCollected('', 'number')).toBeUndefined();
  });
});

describe('endpoint validation', () => {
  it('names the field of each problem', () => {
    const result = dataCollectEndpointSchema.safeParse({
      url: 'modems',
      variables: [
        { id: 'a', type: 'number' },
        { id: 'b', ref: 'c', type: 'number' },
        { id: 'b', filter: '$.x', type: 'number' },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['url', 'variables.0.filter', 'variables.1.ref', 'variables.2.id']),
    );
  });
});
