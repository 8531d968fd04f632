// Plural forms by the CLDR rules of each locale (Ukrainian has one/few/many, Japanese only other).
import { uiLocale } from './languages';

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/** `forms` may use {{count}}; the count is formatted for the locale. */
export function plural(count: number, forms: PluralForms, locale = uiLocale()): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  const form = forms[rule.select(count)] ?? forms.other;
  return form.replaceAll('{{count}}', count.toLocaleString(locale));
}
