// English texts of the shared query state, shared by the component and its tests.
export const QUERY_STATE_TEXTS = {
  loading: 'Loading',
  retry: 'Retry',
  empty: 'No data',
} as const;
