export { toast } from './toast';
export { useFailureToast } from './use-failure-toast';
