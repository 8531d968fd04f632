export * from './actions';
export * from './labels';
export * from './known-messages';
export { ACTION_TEXTS, LABEL_TEXTS, MESSAGE_TEXTS } from './texts';
