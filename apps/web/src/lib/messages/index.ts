export * from './actions';
export * from './labels';
export { ACTION_TEXTS, LABEL_TEXTS, MESSAGE_TEXTS } from './texts';
