export { DialogFormFooter } from './dialog-form-footer';
