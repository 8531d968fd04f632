export { ActionStatusDialog, type ActionStatusDialogProps } from './action-status-dialog';
export { ActionStatusHost } from './action-status-host';
export { ACTION_STATUS_TEXTS, STATUS_LABELS } from './texts';
