// Spec §8 message builder in the shown language: the web's versions of contracts
// actionSuccessMessage and actionFailureMessage (same arguments, same English). The item is shown
// as the caller names it, so callers pass it from their own catalogue.
import type { ActionFailureInput, ActionVerb } from '@netfleet/contracts';
import { ACTION_TEXTS, MESSAGE_TEXTS } from './texts';
import { translateKnown } from './known-messages';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);

/** 'Tag created successfully', or 'operation complete' without an item. */
export function actionSuccessMessage(item: string | undefined, verb: ActionVerb): string {
  if (!item) return MESSAGE_TEXTS.operationComplete;
  return fill(ACTION_TEXTS.success, {
    item: capitalize(item),
    done: ACTION_TEXTS.pastTense[verb],
  });
}

/** First server message (a contracts validation message translated), else the caller's fallback, else 'Failed to create tag (Conflict)'. */
export function actionFailureMessage(input: ActionFailureInput): string {
  if (input.serverMessage) return translateKnown(input.serverMessage);
  if (input.fallback) return input.fallback;
  const verbs: Readonly<Record<string, string>> = ACTION_TEXTS.verbs;
  const verb = Object.hasOwn(verbs, input.verb) ? verbs[input.verb] : undefined;
  const base = verb
    ? fill(ACTION_TEXTS.failure, { verb, item: input.item })
    : fill(ACTION_TEXTS.failureOther, { verb: input.verb, item: input.item });
  return input.statusText ? `${base} (${input.statusText})` : base;
}
