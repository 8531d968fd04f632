// Spec §9 rich text: only a, b, i, em, strong survive; every other tag is escaped (shown as text),
// links keep href (allowed schemes only), name and target. Where images are allowed (global
// notices, spec §9 sanitizer) <img> survives too, with http(s) or data image sources only and the
// sanitizer's image attributes. The server already sanitises notice
// messages; the browser sanitises again so a server bug or a tampered answer cannot inject markup.
// The input is parsed with DOMParser, whose documents run no scripts and load no resources, and the
// result is a plain tree that the caller renders through React (never innerHTML).
import {
  isAllowedImageSource,
  isAllowedImageSrcset,
  RICH_TEXT_ALLOWED_TAGS,
  SANITIZER_ALLOWED_ATTRIBUTES,
  SANITIZER_ALLOWED_SCHEMES,
} from '@netfleet/contracts';

export type RichTag = (typeof RICH_TEXT_ALLOWED_TAGS)[number] | 'img';

export interface RichTextOptions {
  /** Keep <img> (global notices); off, images are escaped like any other tag. */
  images?: boolean;
}

export type RichNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: RichTag; attributes: Record<string, string>; children: RichNode[] };

// Deeper nesting than this is not formatting any more; it is flattened to text.
const MAX_DEPTH = 32;

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

// An image without an allowed source is not an allowed image: it is escaped like other tags.
const isAllowedElement = (element: Element, options: RichTextOptions): boolean =>
  (RICH_TEXT_ALLOWED_TAGS as readonly string[]).includes(element.localName) ||
  (element.localName === 'img' &&
    options.images === true &&
    isAllowedImageSource(element.getAttribute('src') ?? ''));

function isAllowedValue(name: string, value: string): boolean {
  if (name === 'href') return isAllowedUrl(value);
  if (name === 'src') return isAllowedImageSource(value);
  if (name === 'srcset') return isAllowedImageSrcset(value);
  return true;
}

const allowedAttributes = (tag: RichTag): readonly string[] =>
  (SANITIZER_ALLOWED_ATTRIBUTES as Readonly<Record<string, readonly string[]>>)[tag] ?? [];

/**
 * A URL is allowed when it has no scheme (relative) or one of the allowed schemes. Browsers ignore
 * control characters and whitespace inside a scheme ('java\tscript:'), so they are removed first.
 */
export function isAllowedUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  // Without a scheme the URL is relative to the console, which is where the user already is.
  if (scheme === undefined) return true;
  return (SANITIZER_ALLOWED_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
}

function keptAttributes(element: Element, tag: RichTag): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of allowedAttributes(tag)) {
    const value = element.getAttribute(name);
    if (value === null || !isAllowedValue(name, value)) continue;
    kept[name] = value;
  }
  // A link opening a new window must not get a handle on this one.
  if (kept.target !== undefined) kept.rel = 'noopener noreferrer';
  return kept;
}

function startTagText(element: Element): string {
  const attributes = Array.from(element.attributes, (a) => ` ${a.name}="${a.value}"`).join('');
  return `<${element.localName}${attributes}>`;
}

function pushText(nodes: RichNode[], text: string): void {
  if (text === '') return;
  const last = nodes.at(-1);
  if (last?.kind === 'text') last.text += text;
  else nodes.push({ kind: 'text', text });
}

function convert(source: Node, depth: number, into: RichNode[], options: RichTextOptions): void {
  for (const node of Array.from(source.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      pushText(into, node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const tag = element.localName;
    if (depth >= MAX_DEPTH) {
      pushText(into, element.textContent ?? '');
    } else if (
      isAllowedElement(element, options) &&
      element.namespaceURI === 'http://www.w3.org/1999/xhtml'
    ) {
      const children: RichNode[] = [];
      convert(element, depth + 1, children, options);
      // isAllowedElement has just checked the name against the allow-list.
      const allowed = tag as RichTag;
      into.push({
        kind: 'element',
        tag: allowed,
        attributes: keptAttributes(element, allowed),
        children,
      });
    } else {
      // Escaped, as the server does: the tag shows as text and its content is processed as usual.
      pushText(into, startTagText(element));
      if (element instanceof HTMLTemplateElement)
        convert(element.content, depth + 1, into, options);
      else convert(element, depth + 1, into, options);
      if (!VOID_ELEMENTS.has(tag)) pushText(into, `</${tag}>`);
    }
  }
}

/** The allowed part of an HTML fragment as a tree of text and allow-listed elements. */
export function parseRichText(html: string, options: RichTextOptions = {}): RichNode[] {
  // The explicit <body> keeps a leading <script>, <style> or <meta> in the body, where it is escaped
  // like any other tag, instead of letting the parser move it out of sight into <head>.
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const nodes: RichNode[] = [];
  convert(document.body, 0, nodes, options);
  return nodes;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function serialize(nodes: readonly RichNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return escapeText(node.text);
      const attributes = Object.entries(node.attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      if (node.tag === 'img') return `<img${attributes}>`;
      return `<${node.tag}${attributes}>${serialize(node.children)}</${node.tag}>`;
    })
    .join('');
}

/** The same tree as an HTML string (used where HTML text is wanted, e.g. tests and exports). */
export function sanitizeRichText(html: string, options: RichTextOptions = {}): string {
  return serialize(parseRichText(html, options));
}

/** The visible text, without any markup (for titles, aria labels, search). */
export function richTextToPlain(html: string): string {
  const collect = (nodes: readonly RichNode[]): string =>
    nodes.map((node) => (node.kind === 'text' ? node.text : collect(node.children))).join('');
  return collect(parseRichText(html));
}
