import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

/** A page's content stream that shows `text` and deflates to bytes for which `fits` holds. */
const deflatedShowing = (prefix: string, fits: (body: Buffer) => boolean) => {
  for (let n = 0; n < 100_000; n += 1) {
    const text = `${prefix} ${n}`;
    const body = deflateSync(`BT [<${hex(text)}>] TJ ET`);
    if (fits(body)) return { text, body };
  }
  throw new Error('no such stream');
};

const pdfOf = (objects: { dictionary: string; body: Buffer }[]) =>
  Buffer.concat([
    Buffer.from('%PDF-1.3\n'),
    ...objects.flatMap(({ dictionary, body }, index) => [
      Buffer.from(`${index + 1} 0 obj\n${dictionary}\nstream\n`, 'latin1'),
      body,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
    Buffer.from('%%EOF\n'),
  ]);

describe('pdfText', () => {
  it('reads a deflated stream by its length, even when its bytes end in a carriage return', () => {
    const { text, body } = deflatedShowing('Summary', (bytes) => bytes.at(-1) === 0x0d);
    const after = deflateSync(`BT [<${hex('Devices')}>] TJ ET`);
    const pdf = pdfOf([
      { dictionary: `<< /Length ${body.length} /Filter /FlateDecode >>`, body },
      { dictionary: `<< /Length ${after.length} /Filter /FlateDecode >>`, body: after },
    ]);
    expect(pdfText(pdf).split('\n')).toEqual([text, 'Devices']);
  });

  it('finds the end of a stream whose length is an indirect object', () => {
    const body = deflateSync(`BT [<${hex('Summary')}>] TJ ET`);
    const pdf = pdfOf([{ dictionary: '<< /Length 9 0 R /Filter /FlateDecode >>', body }]);
    expect(pdfText(pdf)).toBe('Summary');
  });
});
