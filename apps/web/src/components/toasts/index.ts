export { toast, type ToastOptions } from './toast';
export { ToastHost } from './toast-host';
export { useFailureToast } from './use-failure-toast';
