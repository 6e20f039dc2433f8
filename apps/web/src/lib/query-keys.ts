/** Every TanStack Query key in one place, so invalidation never guesses at a key's shape. */
export const queryKeys = {
  auth: {
    user: ['auth', 'user'] as const,
  },
  profile: {
    /** The default-dashboard choices, per list path (tenant or customer dashboards). */
    dashboards: (path: string) => ['profile', 'dashboards', path] as const,
  },
} as const;
