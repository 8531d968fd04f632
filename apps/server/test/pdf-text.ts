import { inflateSync } from 'node:zlib';

/**
 * A stream's bytes as its dictionary's direct `/Length` counts them. A deflated body is binary:
 * it may end in `\r` (which an end-of-line trim would eat) or even hold `endstream`, so searching
 * for the end is only the fallback, for a length given as an indirect object (`/Length 12 0 R`).
 */
const streamBody = (raw: string, dictionary: string, from: number): string | null => {
  const length = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dictionary);
  if (length?.[1] !== undefined && length[2] === undefined) {
    const to = from + Number(length[1]);
    return to <= raw.length ? raw.slice(from, to) : null;
  }
  const to = raw.indexOf('endstream', from);
  return to === -1 ? null : raw.slice(from, to).replace(/\r?\n$/, '');
};

/** The content streams of a PDF, inflated when they are deflated (pdfkit's default). */
const streamsOf = (pdf: Buffer): string[] => {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /(?<!end)stream\r?\n/g;
  let objectFrom = 0;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const from = match.index + match[0].length;
    // The stream's dictionary: what its object holds before the `stream` keyword.
    const header = raw.slice(objectFrom, match.index);
    const dictionary = header.slice(header.lastIndexOf(' obj') + 1);
    const body = streamBody(raw, dictionary, from);
    if (body === null) break;
    const bytes = Buffer.from(body, 'latin1');
    const deflated = /\/FlateDecode\b/.test(dictionary);
    streams.push((deflated ? inflateSync(bytes) : bytes).toString('latin1'));
    const end = raw.indexOf('endstream', from + body.length);
    if (end === -1) break;
    objectFrom = end + 'endstream'.length;
    start.lastIndex = objectFrom;
  }
  return streams;
};

/**
 * The built-in fonts' WinAnsi encoding: Latin-1 but for 0x80–0x9F, which hold typographic marks
 * (Node's TextDecoder reads windows-1252 as Latin-1 there).
 */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const hexText = (hex: string) =>
  [...Buffer.from(hex, 'hex')]
    .map((byte) =>
      byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte),
    )
    .join('');

/**
 * The text a PDF shows, one string per text operation (pdfkit writes each line as a `TJ` array
 * of hex strings with kerning between them), joined by newlines: enough to find a name in it.
 */
export const pdfText = (pdf: Buffer): string => {
  const lines: string[] = [];
  for (const stream of streamsOf(pdf)) {
    for (const op of stream.matchAll(
      /\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      if (op[2] !== undefined) lines.push(hexText(op[2]));
      else
        lines.push(
          [...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => hexText(h[1] ?? '')).join(''),
        );
    }
  }
  return lines.join('\n');
};
