// English texts of the changelog page (the release notes themselves stay as written).
export const en = {
  title: 'Changelog',
  version: (version: string) => `Version ${version}`,
} as const;
