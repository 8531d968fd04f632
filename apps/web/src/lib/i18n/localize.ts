// Feature catalogues: each feature's texts.ts holds its English texts (texts/en.ts) and loads the
// shown language's translation before the feature's modules run (a top-level await), so the
// components read plain objects and a translation missing a key fails the typecheck as well as
// catalogues.test.ts.
import { uiLanguage, type TranslatedLanguage } from './languages';

/** The shape a translation must have: every key of the English texts, functions with their arguments. */
export type Translation<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : T extends readonly (infer U)[]
      ? readonly Translation<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;

export type TranslationLoaders<T> = Record<TranslatedLanguage, () => Promise<Translation<T>>>;

/** The texts of the shown language; English when that is the language. */
export async function localize<T>(en: T, loaders: TranslationLoaders<T>): Promise<T> {
  const language = uiLanguage();
  if (language === 'en') return en;
  return (await loaders[language]()) as T;
}
