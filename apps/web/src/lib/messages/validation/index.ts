export * from './translator';
export { VALIDATION_TEXTS } from './texts';
