export { QueryState, type QueryStateOptions, type QueryStateProps } from './query-state';
