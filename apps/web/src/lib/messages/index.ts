export * from './actions';
export * from './labels';
export * from './validation';
export { ACTION_TEXTS, LABEL_TEXTS, MESSAGE_TEXTS, VALIDATION_TEXTS } from './texts';
