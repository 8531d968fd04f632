// English texts of the shared query state, shared by the component and its tests.
export const en = {
  loading: 'Loading',
  retry: 'Retry',
  empty: 'No data',
} as const;
