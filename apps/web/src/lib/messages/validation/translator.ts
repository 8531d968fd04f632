// The contracts' validation messages in the shown language. Contracts stay English (the server
// and its tests use them), so the web maps a message it shows under a field or in a form's error
// list back to its catalogue key: exactly, or by a pattern whose `{{name}}` (or `{name}`) parts
// (limits, sizes, type lists) are captured and put into the translation as they are. The
// catalogue's `validation` texts (with the contracts' API messages of texts/en-contracts.ts) and the
// shared `messages` texts (contracts MESSAGES, e.g. the file rules of validateFile) are known; any
// other message stays as it is.
import { setMessageTranslator } from '../known-messages';
import { LABEL_TEXTS, MESSAGE_TEXTS } from '../texts';
import { en as sharedEn } from '../texts/en';
import { VALIDATION_TEXTS } from './texts';
import { en } from './texts/en';

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
  // A captured part that is a catalogue text of its own (the field label of
  // 'Company is required') is shown translated; numbers, names and codes stay as they are.
  const part = (value: string) => {
    const key = exact.get(value);
    return key === undefined ? value : text(key);
  };
  return (message) => {
    const key = exact.get(message);
    if (key !== undefined) return text(key);
    for (const pattern of patterns) {
      const match = pattern.regex.exec(message);
      if (!match) continue;
      const values = Object.fromEntries(
        pattern.names.map((name, index) => [name, part(match[index + 1] ?? '')]),
      );
      return fill(text(pattern.key), values);
    }
    return message;
  };
}

const prefixed = (prefix: string, texts: Texts) =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${prefix}.${key}`, text]));

/**
 * The texts translateValidation knows of a language: its validation catalogue, and (prefixed) the
 * shared catalogue's messages and connection log texts (contracts CONNECTION_LOG_MESSAGES).
 */
export const validationTextsOf = (
  catalogue: { validation: Texts },
  shared: { messages: Texts; labels: { connectionLog: Texts } },
): Texts => ({
  ...catalogue.validation,
  ...prefixed('messages', shared.messages),
  ...prefixed('connectionLog', shared.labels.connectionLog),
});

const SHOWN_TEXTS = validationTextsOf(
  { validation: VALIDATION_TEXTS },
  { messages: MESSAGE_TEXTS, labels: LABEL_TEXTS },
);

/**
 * A contracts validation message ('Host is required', 'At most 64 characters') in the shown
 * language; a message the catalogue does not know, and every message in English, is returned as
 * it is.
 */
export const translateValidation = createValidationTranslator(
  VALIDATION_TEXTS === en.validation ? SHOWN_TEXTS : validationTextsOf(en, sharedEn),
  SHOWN_TEXTS,
);

// Messages built outside the forms (an API error's message, an action's failure) use it too.
setMessageTranslator(translateValidation);
