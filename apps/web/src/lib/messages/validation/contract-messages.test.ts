// Every user-facing message the contracts define (their *_MESSAGES objects and MESSAGES, the
// messages of their zod schemas, the `${label} is required` helpers) reaches the console in the
// shown language: translateValidation must know it in each translated catalogue. A message added
// to the contracts without a catalogue entry fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as contracts from '@netfleet/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from './texts/en';
import { ja } from './texts/ja';
import { no } from './texts/no';
import { uk } from './texts/uk';
import { en as sharedEn } from '../texts/en';
import { ja as sharedJa } from '../texts/ja';
import { no as sharedNo } from '../texts/no';
import { uk as sharedUk } from '../texts/uk';
import { createValidationTranslator, validationTextsOf } from './translator';

const CONTRACTS = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  '..',
  'packages',
  'contracts',
  'src',
);

/**
 * Contract texts that are no interface text, so no catalogue holds them. Keep this short: a text
 * the console shows belongs in the catalogue.
 */
const NOT_SHOWN = new Set<string>([
  // The enrolment answer to the device agent (device-protocol.ts); the console never shows it.
  'enrolment refused',
]);

interface Found {
  where: string;
  text: string;
}

// Sample arguments for message functions: a count of one and of many (plural forms), and texts.
const SAMPLE_ARGUMENTS: unknown[][] = [
  [1, 1, 1],
  [7, 9, 11],
  ['x1', 'x2', 'x3'],
  [null, null, null],
];

function calledWithSamples(fn: (...args: unknown[]) => unknown): string[] {
  const texts: string[] = [];
  for (const args of SAMPLE_ARGUMENTS) {
    try {
      const text = fn(...args);
      if (typeof text === 'string') texts.push(text);
    } catch {
      // Not for this kind of argument: the next kind is tried.
    }
  }
  return texts;
}

/** The strings of an exported messages object, message functions called with sample arguments. */
function messagesOf(value: unknown, where: string): Found[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (typeof value === 'function')
    return calledWithSamples(value as (...args: unknown[]) => unknown).map((text) => ({
      where: `${where}()`,
      text,
    }));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => messagesOf(child, `${where}.${key}`));
  return [];
}

const exportedMessages = (): Found[] =>
  Object.entries(contracts)
    .filter(([name]) => name === 'MESSAGES' || name.endsWith('_MESSAGES'))
    .flatMap(([name, value]) => messagesOf(value, name));

// zod checks whose string argument is the message of the issue they raise.
const MESSAGE_CALLS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'email',
  'url',
  'nonempty',
  'startsWith',
  'endsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'positive',
  'nonnegative',
  'multipleOf',
]);
const MESSAGE_PROPERTIES = new Set(['message', 'error']);
// Helpers whose first argument is a field label put into their messages ('Company is required').
const LABEL_CALLS = new Set(['requiredIdSchema', 'creditAmountSchema', 'targets', 'targetList']);
// Words: a capital letter then lowercase ones, or two words; identifiers and codes are neither.
const looksLikeText = (text: string) =>
  /^[A-Z][a-z]+\b|[A-Za-z]{2,} [A-Za-z]{2,}/.test(text.trim());

/** A literal's text; a template's interpolations become a sample value (a limit, a label). */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `7${span.literal.text}`).join('');
  return null;
}

/** The texts an expression may evaluate to: literals, both branches of a condition, returns. */
function textsOf(node: ts.Node): ts.Node[] {
  if (literalText(node) !== null) return [node];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression);
  if (ts.isConditionalExpression(node))
    return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (!ts.isBlock(node.body)) return textsOf(node.body);
    const returned: ts.Node[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isReturnStatement(child) && child.expression)
        returned.push(...textsOf(child.expression));
      else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    ts.forEachChild(node.body, visit);
    return returned;
  }
  return [];
}

function contractFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The tunnel frames are device protocol, read by the server and the agent only.
    if (entry.isDirectory()) return entry.name === 'tunnel' ? [] : contractFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|fixtures)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The zod messages of a contracts file and the labels it passes to message helpers. */
function scan(file: string): { messages: Found[]; labels: Found[] } {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const messages: Found[] = [];
  const labels: Found[] = [];
  const add = (list: Found[], node: ts.Node) => {
    const text = literalText(node);
    if (text === null || !looksLikeText(text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    list.push({ where: `${relative(CONTRACTS, file)}:${line + 1}`, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && MESSAGE_PROPERTIES.has(node.name.getText()))
      for (const text of textsOf(node.initializer)) add(messages, text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && MESSAGE_CALLS.has(callee.name.text))
        for (const argument of node.arguments)
          for (const text of textsOf(argument)) add(messages, text);
      if (ts.isIdentifier(callee) && LABEL_CALLS.has(callee.text) && node.arguments[0])
        add(labels, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, labels };
}

const scanned = contractFiles(CONTRACTS).map(scan);
const schemaMessages = scanned.flatMap((found) => found.messages);
const fieldLabels = scanned.flatMap((found) => found.labels);

const english = validationTextsOf(en, sharedEn);
const translators = {
  no: createValidationTranslator(english, validationTextsOf(no, sharedNo)),
  ja: createValidationTranslator(english, validationTextsOf(ja, sharedJa)),
  uk: createValidationTranslator(english, validationTextsOf(uk, sharedUk)),
};

/** Three words in a row (codes, names and numbers break a row) of a text, lowercase. */
function wordTriples(text: string): Set<string> {
  const triples = new Set<string>();
  let row: string[] = [];
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^["'(«]+|[.,:;!?"')»]+$/g, '');
    row = /^[A-Za-z]{2,}$/.test(word) ? [...row, word.toLowerCase()] : [];
    if (row.length >= 3) triples.add(row.slice(-3).join(' '));
  }
  return triples;
}

/**
 * Whether a translation still shows its message in English: unchanged, or keeping three of its
 * words in a row (a pattern as wide as '{{path}} exists already' that caught an English sentence).
 */
function inEnglish(message: string, shown: string): boolean {
  if (shown === message) return true;
  const triples = wordTriples(shown);
  return [...wordTriples(message)].some((triple) => triples.has(triple));
}

/** The messages (with where they come from) that a language shows in English. */
function untranslated(found: Found[]): string[] {
  const left = new Set<string>();
  for (const { where, text } of found) {
    if (NOT_SHOWN.has(text)) continue;
    for (const [language, translate] of Object.entries(translators))
      if (inEnglish(text, translate(text))) left.add(`${language} ${where}: ${text}`);
  }
  return [...left];
}

describe('contracts messages', () => {
  it('are found', () => {
    expect(exportedMessages().length).toBeGreaterThan(300);
    expect(schemaMessages.length).toBeGreaterThan(50);
    expect(fieldLabels.map((label) => label.text)).toContain('Company');
  });

  it('of the exported *_MESSAGES objects and MESSAGES are all translated', () => {
    expect(untranslated(exportedMessages())).toEqual([]);
  });

  it('of the zod schemas are all translated', () => {
    expect(untranslated(schemaMessages)).toEqual([]);
  });

  it('built from a field label are translated, label included', () => {
    const built = fieldLabels.flatMap(({ where, text }) =>
      [`${text} is required`, `${text} is invalid`].map((message) => ({ where, text: message })),
    );
    expect(untranslated(built)).toEqual([]);
    // The label is a catalogue text, and the message does not show it in English (a label
    // such as 'Webhook' may read the same in a language).
    const english = new Set(Object.values(validationTextsOf(en, sharedEn)));
    expect(fieldLabels.filter(({ text }) => !english.has(text))).toEqual([]);
    const labelsLeft = fieldLabels.flatMap(({ where, text }) =>
      Object.entries(translators)
        .filter(
          ([, translate]) =>
            translate(text) !== text &&
            new RegExp(`\\b${text}\\b`).test(translate(`${text} is invalid`)),
        )
        .map(([language]) => `${language} ${where}: ${text}`),
    );
    expect(labelsLeft).toEqual([]);
  });
});
