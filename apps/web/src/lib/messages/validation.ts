// The contracts' validation messages in the shown language. Contracts stay English (the server
// and its tests use them), so the web maps a message it shows under a field or in a form's error
// list back to its catalogue key: exactly, or by a pattern whose `{{name}}` (or `{name}`) parts
// (limits, sizes, type lists) are captured and put into the translation as they are. The
// catalogue's `validation` texts and the shared `messages` texts (contracts MESSAGES, e.g. the file
// rules of validateFile) are known; any other message stays as it is.
import { en } from './texts/en';
import { MESSAGE_TEXTS, VALIDATION_TEXTS } from './texts';

type Texts = Readonly<Record<string, unknown>>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\{\s*\w+\s*\}\}|\{\w+\}/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  key: string;
  names: string[];
  regex: RegExp;
}

function patternOf(key: string, template: string): Pattern {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += `${escapeRegExp(template.slice(last, match.index))}(.+?)`;
    names.push(match[1] ?? match[2] ?? '');
    last = match.index + match[0].length;
  }
  source += escapeRegExp(template.slice(last));
  return { key, names, regex: new RegExp(`^${source}$`, 's') };
}

const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(
    PLACEHOLDER,
    (whole, double: string | undefined, single: string | undefined) =>
      values[double ?? single ?? ''] ?? whole,
  );

/**
 * A translator from English texts to the shown ones (same keys; entries that are not strings,
 * such as message functions, are left out). With the English texts shown it is the identity.
 */
export function createValidationTranslator(
  english: Texts,
  shown: Texts,
): (message: string) => string {
  if (english === shown) return (message) => message;
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, template] of Object.entries(english)) {
    if (typeof template !== 'string' || typeof shown[key] !== 'string') continue;
    if (HAS_PLACEHOLDER.test(template)) patterns.push(patternOf(key, template));
    else if (!exact.has(template)) exact.set(template, key);
  }
  const text = (key: string) => shown[key] as string;
  return (message) => {
    const key = exact.get(message);
    if (key !== undefined) return text(key);
    for (const pattern of patterns) {
      const match = pattern.regex.exec(message);
      if (!match) continue;
      const values = Object.fromEntries(
        pattern.names.map((name, index) => [name, match[index + 1] ?? '']),
      );
      return fill(text(pattern.key), values);
    }
    return message;
  };
}

/** The texts translateValidation knows of a catalogue: its validation and (prefixed) messages. */
export const validationTextsOf = (catalogue: { validation: Texts; messages: Texts }): Texts => ({
  ...catalogue.validation,
  ...Object.fromEntries(
    Object.entries(catalogue.messages).map(([key, text]) => [`messages.${key}`, text]),
  ),
});

const SHOWN_TEXTS = validationTextsOf({ validation: VALIDATION_TEXTS, messages: MESSAGE_TEXTS });

/**
 * A contracts validation message ('Host is required', 'At most 64 characters') in the shown
 * language; a message the catalogue does not know, and every message in English, is returned as
 * it is.
 */
export const translateValidation = createValidationTranslator(
  VALIDATION_TEXTS === en.validation ? SHOWN_TEXTS : validationTextsOf(en),
  SHOWN_TEXTS,
);
