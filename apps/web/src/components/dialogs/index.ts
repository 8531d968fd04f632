export { DialogHost } from './dialog-host';
export { useDialog } from './dialog-context';
export { registerDialogHelp, type OpenDialogHelp } from './dialog-help';
export { dialogs } from './dialog-store';
export { openNamedDialog, registerNamedDialogs } from './named-dialogs';
export {
  alertDialog,
  confirmDialog,
  promptDialog,
  type AlertDialogOptions,
  type ConfirmDialogOptions,
  type PromptDialogOptions,
} from './simple-dialogs';
export { DIALOG_TEXTS } from './texts';
export {
  jsonViewerDialog,
  prettyJson,
  textViewerDialog,
  VIEWER_TEXTS,
  type JsonViewerProps,
  type TextViewerProps,
} from './viewer-dialogs';
export type { DialogContextValue, DialogOptions, DialogSize } from './types';
