// English texts of the shared display formats (uptime's unit letters).
export const en = {
  uptime: {
    days: (n: number) => `${n}d`,
    hours: (n: number) => `${n}h`,
    minutes: (n: number) => `${n}m`,
    seconds: (n: number) => `${n}s`,
  },
} as const;
