export { HelpPanelButton, HELP_PANEL_TEXTS } from './help-panel';
export { HELP_CONTENT, HELP_FALLBACK, helpFor, type HelpEntry } from './help-content';
export { routeNameOf } from './route-name';
