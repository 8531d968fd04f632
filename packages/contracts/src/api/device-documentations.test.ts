import { describe, expect, it } from 'vitest';
import {
  DEVICE_DOCUMENTATION_MESSAGES as M,
  readDeviceDocumentation,
} from './device-documentations.ts';

const json = (value: unknown) => JSON.stringify(value);

describe('readDeviceDocumentation', () => {
  it('takes OpenAPI 3 and Swagger 2 documents with paths, by their info.version', () => {
    const openApi = json({ openapi: '3.1.0', info: { version: ' 7.14 ' }, paths: {} });
    expect(readDeviceDocumentation('RUTX.JSON', openApi)).toEqual({ ok: true, version: '7.14' });
    const swagger = json({ swagger: '2.0', info: { version: '1.2' }, paths: { '/a': {} } });
    expect(readDeviceDocumentation('api.json', swagger)).toEqual({ ok: true, version: '1.2' });
  });

  it('names what is wrong with anything else', () => {
    const refused = (name: string, text: string) => {
      const read = readDeviceDocumentation(name, text);
      return read.ok ? null : read.message;
    };
    expect(refused('api.txt', json({}))).toBe(M.notJsonFile);
    expect(refused('api.json', '{')).toBe(M.notJson);
    expect(refused('api.json', '[]')).toBe(M.notOpenApi);
    expect(refused('api.json', json({ openapi: '2.0', info: { version: '1' }, paths: {} }))).toBe(
      M.notOpenApi,
    );
    expect(refused('api.json', json({ openapi: '3.0.0', info: { version: '1' }, paths: [] }))).toBe(
      M.notOpenApi,
    );
    expect(refused('api.json', json({ openapi: '3.0.0', info: { version: 7 }, paths: {} }))).toBe(
      M.noVersion,
    );
    const long = 'v'.repeat(65);
    expect(
      refused('api.json', json({ openapi: '3.0.0', info: { version: long }, paths: {} })),
    ).toBe(M.noVersion);
  });
});
