/** Every TanStack Query key in one place, so invalidation never guesses at a key's shape. */
export const queryKeys = {
  auth: {
    user: ['auth', 'user'] as const,
  },
} as const;
