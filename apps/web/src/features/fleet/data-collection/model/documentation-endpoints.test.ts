import { describe, expect, it } from 'vitest';
import { documentEndpoints } from './documentation-endpoints';

describe('documentEndpoints', () => {
  it('lists the GET paths in order, with their summary or else their description', () => {
    const document = {
      swagger: '2.0',
      paths: {
        '/wireless/interfaces/status': { get: { description: 'Wi-Fi interfaces' } },
        '/firmware/actions/upgrade': { post: { summary: 'Upgrade' } },
        '/modems/status': { get: { summary: ' Modems ', description: 'ignored' }, put: {} },
        '/system/info': { get: {} },
        'relative/path': { get: { summary: 'not a path' } },
      },
    };
    expect(documentEndpoints(document)).toEqual([
      { url: '/modems/status', description: 'Modems' },
      { url: '/system/info' },
      { url: '/wireless/interfaces/status', description: 'Wi-Fi interfaces' },
    ]);
  });

  it('gives none for anything that is not a document with paths', () => {
    expect(documentEndpoints(null)).toEqual([]);
    expect(documentEndpoints([])).toEqual([]);
    expect(documentEndpoints({ openapi: '3.0.0', paths: [] })).toEqual([]);
  });
});
