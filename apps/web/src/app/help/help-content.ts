// Spec §2: the help side panel's content, by route name (texts in ./texts).
import { HELP_TEXTS } from './texts';

export interface HelpEntry {
  title: string;
  paragraphs: readonly string[];
}

export const HELP_FALLBACK: HelpEntry = HELP_TEXTS.fallback;

export const HELP_CONTENT: Readonly<Record<string, HelpEntry>> = HELP_TEXTS.pages;

/** The help of a route name, or the generic help. */
export const helpFor = (routeName: string | null): HelpEntry =>
  (routeName && HELP_CONTENT[routeName]) || HELP_FALLBACK;

/** The help of a dialog's topic where there is some, else that of the page (route name). */
export const helpForTopic = (topic: string | null, routeName: string | null): HelpEntry =>
  (topic && HELP_CONTENT[topic]) || helpFor(routeName);
