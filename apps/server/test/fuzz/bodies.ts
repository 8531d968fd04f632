import { hostileText, toJsonText } from './hostile';
import type { Rng } from './prng';
import { type JsonSchema, sampleValue } from './schema-sample';

export interface RawBody {
  label: string;
  /** null: no Content-Type header at all. */
  contentType: string | null;
  data: string | Buffer;
}

const MEGABYTE = 1024 * 1024;

/** Repeated keys: the baseline's first key again, with a hostile value after it. */
const repeatedKeys = (body: unknown, rng: Rng): string => {
  const text = toJsonText(body ?? {});
  const key = body && typeof body === 'object' ? Object.keys(body)[0] : undefined;
  if (!key || !text.startsWith('{')) return '{"a":1,"a":2}';
  return `${text.slice(0, -1)},${JSON.stringify(key)}:${toJsonText(hostileText(rng))}}`;
};

/** The whole body replaced: malformed JSON, wrong types and content types, odd encodings. */
export const bodyGarbage = (body: unknown, rng: Rng): RawBody => {
  const json = 'application/json';
  const baseline = toJsonText(body ?? {});
  const options: (() => RawBody)[] = [
    () => ({ label: 'malformed json', contentType: json, data: baseline.slice(0, -1) || '{' }),
    () => ({ label: 'truncated json', contentType: json, data: '{"a":' }),
    () => ({ label: 'json trailing data', contentType: json, data: `${baseline}{"b":2}` }),
    () => ({ label: 'json repeated keys', contentType: json, data: repeatedKeys(body, rng) }),
    () => ({ label: 'json with BOM', contentType: json, data: `\ufeff${baseline}` }),
    () => ({ label: 'json NUL', contentType: json, data: '\u0000' }),
    () => ({ label: 'json escaped NUL key', contentType: json, data: '{"\\u0000":"\\u0000"}' }),
    () => ({
      label: 'json scalar',
      contentType: json,
      data: rng.pick(['1', '"x"', 'null', 'true']),
    }),
    () => ({ label: 'json array', contentType: json, data: `[${baseline}]` }),
    () => ({ label: 'json empty', contentType: json, data: '' }),
    () => ({ label: 'json whitespace', contentType: json, data: ' \n\t ' }),
    () => ({
      label: 'json proto',
      contentType: json,
      data: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    }),
    () => ({
      label: 'json invalid utf-8',
      contentType: json,
      data: Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc0]),
        Buffer.from('"}'),
      ]),
    }),
    () => ({
      label: 'json charset utf-16',
      contentType: `${json}; charset=utf-16`,
      data: baseline,
    }),
    () => ({
      label: 'json deep text',
      contentType: json,
      data: `${'['.repeat(60_000)}${']'.repeat(60_000)}`,
    }),
    () => ({ label: 'text/plain', contentType: 'text/plain', data: baseline }),
    () => ({ label: 'no content-type', contentType: null, data: baseline }),
    () => ({
      label: 'form urlencoded',
      contentType: 'application/x-www-form-urlencoded',
      data: 'a=1&a=2&b=%00',
    }),
    () => ({
      label: 'xml',
      contentType: 'application/xml',
      data: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>',
    }),
    () => ({
      label: 'multipart on json',
      contentType: 'multipart/form-data; boundary=zz',
      data: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--\r\n',
    }),
    () => ({
      label: 'garbage bytes',
      contentType: json,
      data: Buffer.from(Array.from({ length: 64 }, () => rng.int(0, 255))),
    }),
  ];
  // A megabyte-sized body now and then (at the body limit, over it).
  if (rng.chance(0.03)) {
    const size = rng.pick([MEGABYTE - 64, MEGABYTE + 64, 3 * MEGABYTE]);
    return { label: `json ${size} bytes`, contentType: json, data: `{"a":"${'m'.repeat(size)}"}` };
  }
  return rng.pick(options)();
};

const part = (boundary: string, headers: string, content: string | Buffer) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from('\r\n'),
  ]);

const fieldText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/**
 * A multipart body from the operation's schema (text fields and one file for the binary field),
 * broken in one way unless `valid`.
 */
export const multipartCase = (
  schema: JsonSchema,
  rng: Rng,
  valid = false,
): RawBody & { label: string } => {
  const boundary = `fuzz${rng.int(0, 1e9)}`;
  const fields = (sampleValue(schema, rng) ?? {}) as Record<string, unknown>;
  const binaryField =
    Object.entries(schema.properties ?? {}).find(([, s]) => s.format === 'binary')?.[0] ?? 'file';
  let filename = 'fuzz.bin';
  let file: Buffer = Buffer.from('fuzz file content\n');
  let label: string;
  let trailer = `--${boundary}--\r\n`;
  let contentType = `multipart/form-data; boundary=${boundary}`;
  const extra: Buffer[] = [];
  const kinds = [
    'field',
    'filename',
    'no-file',
    'two-files',
    'dup-field',
    'no-boundary',
    'wrong-boundary',
    'truncated',
    'huge-field',
    'garbage',
    'empty-file',
    'binary-file',
  ];
  const kind = valid ? 'none' : rng.pick(kinds);
  const names = Object.keys(fields).filter((k) => k !== binaryField);
  switch (kind) {
    case 'field': {
      const name = names.length ? rng.pick(names) : 'extra';
      fields[name] = hostileText(rng);
      label = `multipart field ${name}`;
      break;
    }
    case 'filename':
      filename = rng.pick([
        '../../../etc/passwd',
        'a\0b.bin',
        '😀.bin',
        'x'.repeat(2000),
        '',
        '"quoted".bin',
        'a\r\nb',
      ]);
      label = `multipart filename ${JSON.stringify(filename).slice(0, 40)}`;
      break;
    case 'dup-field': {
      const name = names.length ? rng.pick(names) : 'type';
      extra.push(
        part(boundary, `Content-Disposition: form-data; name="${name}"`, hostileText(rng)),
      );
      label = `multipart repeated ${name}`;
      break;
    }
    case 'huge-field':
      fields[names.length ? rng.pick(names) : 'extra'] = 'h'.repeat(
        rng.pick([70_000, MEGABYTE + 10]),
      );
      label = 'multipart huge field';
      break;
    case 'empty-file':
      file = Buffer.alloc(0);
      label = 'multipart empty file';
      break;
    case 'binary-file':
      file = Buffer.from(Array.from({ length: 4096 }, () => rng.int(0, 255)));
      label = 'multipart random file';
      break;
    default:
      label = valid ? 'multipart baseline' : `multipart ${kind}`;
  }
  const chunks: Buffer[] = Object.entries(fields)
    .filter(([name]) => name !== binaryField)
    .map(([name, value]) =>
      part(boundary, `Content-Disposition: form-data; name="${name}"`, fieldText(value)),
    );
  const filePart = part(
    boundary,
    `Content-Disposition: form-data; name="${binaryField}"; filename="${filename}"\r\nContent-Type: application/octet-stream`,
    file,
  );
  if (kind !== 'no-file') chunks.push(filePart);
  if (kind === 'two-files') chunks.push(filePart);
  chunks.push(...extra);
  if (kind === 'no-boundary') contentType = 'multipart/form-data';
  if (kind === 'wrong-boundary') contentType = 'multipart/form-data; boundary=other';
  if (kind === 'truncated') trailer = '';
  let data = Buffer.concat([...chunks, Buffer.from(trailer)]);
  if (kind === 'truncated') data = data.subarray(0, Math.max(1, data.length - rng.int(1, 40)));
  if (kind === 'garbage') data = Buffer.from(Array.from({ length: 512 }, () => rng.int(0, 255)));
  return { label, contentType, data };
};

/** A raw upload (gzip, octet-stream): valid-looking bytes unless broken. */
export const octetCase = (
  contentType: string,
  rng: Rng,
  valid = false,
): RawBody & { label: string } => {
  if (valid) return { label: 'bytes baseline', contentType, data: Buffer.from('fuzz bytes') };
  return rng.pick<() => RawBody>([
    () => ({ label: 'bytes empty', contentType, data: Buffer.alloc(0) }),
    () => ({
      label: 'bytes random',
      contentType,
      data: Buffer.from(Array.from({ length: 2048 }, () => rng.int(0, 255))),
    }),
    () => ({ label: 'bytes as json', contentType: 'application/json', data: '{"a":1}' }),
    () => ({ label: 'bytes no content-type', contentType: null, data: Buffer.from('x') }),
    () => ({
      label: 'bytes truncated gzip',
      contentType,
      data: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    }),
  ])();
};
