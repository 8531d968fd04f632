export { useFailureToast } from './use-failure-toast';
