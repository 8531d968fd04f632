export { RichText } from './rich-text';
