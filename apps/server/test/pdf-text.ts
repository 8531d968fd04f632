import { inflateSync } from 'node:zlib';

/** The content streams of a PDF, inflated when they are deflated (pdfkit's default). */
const streamsOf = (pdf: Buffer): string[] => {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /(?<!end)stream\r?\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const from = match.index + match[0].length;
    const to = raw.indexOf('endstream', from);
    if (to === -1) break;
    const body = Buffer.from(raw.slice(from, to).replace(/\r?\n$/, ''), 'latin1');
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
    start.lastIndex = to + 'endstream'.length;
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
