// No interface text outside the catalogues: JSX text, text-bearing attributes and the label-like
// properties of option and column lists must come from a texts/ catalogue, or the other languages
// would show them in English.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');
const TEXT_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'title',
  'description',
  'aria-label',
  'alt',
  'tooltip',
  'message',
  'error',
  'confirmLabel',
  'cancelLabel',
  'nothingFoundMessage',
  'emptyText',
]);
const TEXT_PROPERTIES = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'message',
  'tooltip',
  'header',
]);
// Words: a capital letter then lowercase ones, or two words; identifiers and CSS values are neither.
const looksLikeText = (text: string) =>
  /^[A-Z][a-z]+\b|[A-Za-z]{2,} [A-Za-z]{2,}/.test(text.trim());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'texts' || entry.name === 'i18n' ? [] : sourceFiles(path);
    const skipped = /\.test\.tsx?$|\.d\.ts$|^test-utils|^texts\.ts$/.test(entry.name);
    return /\.tsx?$/.test(entry.name) && !skipped ? [path] : [];
  });
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => span.literal.text).join(' ');
  return null;
}

function findings(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(SRC, file)}:${line + 1} ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /[A-Za-z]{2,}/.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText())) {
      const text = literalText(node.initializer);
      if (text && looksLikeText(text)) report(node, text);
    }
    if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText())) {
      const text = literalText(node.initializer);
      if (text && looksLikeText(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('interface texts', () => {
  it('all come from a catalogue', () => {
    const hardCoded = sourceFiles(SRC).flatMap(findings);
    expect(hardCoded).toEqual([]);
  });
});
