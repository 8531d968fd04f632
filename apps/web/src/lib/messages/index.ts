export { MESSAGE_TEXTS } from './texts';
