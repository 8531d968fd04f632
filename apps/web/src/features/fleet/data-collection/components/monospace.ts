/** URLs and filters are typed as the device reads them: monospace in the input, not its label. */
export const MONOSPACE_INPUT = {
  input: { fontFamily: 'var(--mantine-font-family-monospace)' },
} as const;
