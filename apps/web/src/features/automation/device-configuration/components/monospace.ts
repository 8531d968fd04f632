/** Paths and option names are typed as on the device: monospace in the input, not its label. */
export const MONOSPACE_INPUT = {
  input: { fontFamily: 'var(--mantine-font-family-monospace)' },
} as const;
