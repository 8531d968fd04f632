// Contracts messages built into texts outside the forms (an API error's message, an action's
// failure) in the shown language. The validation catalogue is big, so it is not part of the
// console's first page: it registers its translator here when it loads (with the forms, or before
// the first API error is thrown, see loadValidationMessages).
type Translate = (message: string) => string;

let current: Translate = (message) => message;

/** A contracts message in the shown language, once the validation catalogue is loaded. */
export const translateKnown: Translate = (message) => current(message);

export function setMessageTranslator(translate: Translate): void {
  current = translate;
}

/** Loads the validation catalogue (once); translateKnown then knows its messages. */
export const loadValidationMessages = (): Promise<void> =>
  import('./validation').then(() => undefined);
