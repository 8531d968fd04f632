export { StandaloneLayout } from './standalone-layout';
