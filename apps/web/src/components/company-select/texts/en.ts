// English texts of the shared company picker, shared by the component and its tests.
export const en = {
  filterLabel: 'Filter by company',
  allCompanies: 'All companies',
  noCompanies: 'No companies found',
} as const;
