import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAuth } from '../../features/auth/auth-provider';
import type { User } from '../../features/auth/auth-types';
import { LANGUAGES, changeLanguage, type Language } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import i18n from 'i18next';

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language === value);

/**
 * The language is per user (spec 1-client §1, `additionalInfo.lang`): applied when the user loads,
 * and a switch from the user menu is saved to the user so it follows them to other browsers.
 */
export function useUserLanguage(user: User) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const stored = user.additionalInfo?.lang;

  useEffect(() => {
    if (isLanguage(stored) && stored !== i18n.language) void changeLanguage(stored);
  }, [stored]);

  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      const current = queryClient.getQueryData<User>(queryKeys.auth.user) ?? user;
      if (current.additionalInfo?.lang === language) return;
      const next = { ...current, additionalInfo: { ...current.additionalInfo, lang: language } };
      try {
        const saved = await client.post<User>('/api/user', next, { ignoreErrors: true, ignoreLoading: true });
        queryClient.setQueryData(queryKeys.auth.user, saved);
      } catch {
        // Still switched in this browser (and remembered locally); only the profile copy is stale.
      }
    },
    [client, queryClient, user],
  );
}
