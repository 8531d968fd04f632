// Every catalogue (a texts/ folder) has every interface language, and each translation has every
// key of its English source with the same placeholders: a string missing anywhere fails here.
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from './languages';

const modules = import.meta.glob<Record<string, unknown>>('/src/**/texts/*.ts', { eager: true });

type Leaf = { path: string; value: unknown };

function leaves(value: unknown, path = ''): Leaf[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      leaves(child, path ? `${path}.${key}` : key),
    );
  }
  if (Array.isArray(value))
    return value.flatMap((child, index) => leaves(child, `${path}.${index}`));
  return [{ path, value }];
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** A function text is called with numbers, then strings: each must give a non-empty string. */
function sample(fn: (...args: unknown[]) => unknown): string {
  for (const args of [
    [1, 2, 3, 4],
    ['x', 'y', 'z', 'w'],
    [{}, {}, {}, {}],
  ]) {
    try {
      const text = fn(...args.slice(0, Math.max(fn.length, 1)));
      if (typeof text === 'string') return text;
    } catch {
      // Try the next kind of argument.
    }
  }
  return '';
}

// Two English words in a row: a translated text equal to its English one was not translated.
const ENGLISH_PHRASE = /\b[A-Za-z]{3,} [a-z]{3,}\b/;

const catalogues = new Map<string, Map<string, unknown>>();
for (const [file, exports] of Object.entries(modules)) {
  const match = /^(.*)\/texts\/(\w+)\.ts$/.exec(file);
  if (!match) continue;
  const [, folder, language] = match as unknown as [string, string, string];
  const byLanguage = catalogues.get(folder) ?? new Map<string, unknown>();
  byLanguage.set(language, exports[language]);
  catalogues.set(folder, byLanguage);
}

describe('message catalogues', () => {
  it('are found', () => {
    expect(catalogues.size).toBeGreaterThan(0);
  });

  for (const [folder, byLanguage] of catalogues) {
    describe(folder, () => {
      const english = leaves(byLanguage.get('en'));

      it('has every interface language, each exported under its code', () => {
        for (const language of UI_LANGUAGES)
          expect(byLanguage.get(language), language).toBeTypeOf('object');
        expect([...byLanguage.keys()].sort()).toEqual([...UI_LANGUAGES].sort());
      });

      for (const language of UI_LANGUAGES.filter((code) => code !== 'en')) {
        it(`${language} has every text of English, translated, with its placeholders`, () => {
          const translated = new Map(
            leaves(byLanguage.get(language)).map((leaf) => [leaf.path, leaf.value]),
          );
          const missing = english
            .filter((leaf) => !translated.has(leaf.path))
            .map((leaf) => leaf.path);
          expect(missing, 'missing keys').toEqual([]);
          const extra = [...translated.keys()].filter(
            (path) => !english.some((leaf) => leaf.path === path),
          );
          expect(extra, 'keys English does not have').toEqual([]);
          const untranslated: string[] = [];
          for (const { path, value } of english) {
            const other = translated.get(path);
            expect(typeof other, path).toBe(typeof value);
            if (typeof value === 'function') {
              const text = sample(other as (...args: unknown[]) => unknown);
              expect(text, `${path}()`).not.toBe('');
              if (
                text === sample(value as (...args: unknown[]) => unknown) &&
                ENGLISH_PHRASE.test(text)
              )
                untranslated.push(path);
            }
            if (typeof value === 'string') {
              expect(other, path).not.toBe('');
              expect(placeholders(other as string), path).toEqual(placeholders(value));
              if (other === value && ENGLISH_PHRASE.test(value)) untranslated.push(path);
            }
          }
          expect(untranslated, 'texts still in English').toEqual([]);
        });
      }
    });
  }
});
