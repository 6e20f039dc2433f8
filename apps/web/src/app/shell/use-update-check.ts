import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../features/auth/auth-types';
import { useAuth } from '../../features/auth/auth-provider';
import { notify } from '../../lib/notifications';
import { queryKeys } from '../../lib/query-keys';

interface UpdateMessage {
  updateAvailable?: boolean;
  message?: string;
  currentVersion?: string;
  latestVersion?: string;
}

/** Spec 1-client §4.1: a system administrator checks for updates on arrival; news → info toast. */
export function useUpdateCheck(user: User) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const enabled = user.authority === 'SYS_ADMIN';
  const { data } = useQuery({
    queryKey: queryKeys.admin.updates,
    enabled,
    staleTime: Infinity,
    queryFn: () => client.get<UpdateMessage>('/api/admin/updates', { ignoreErrors: true, ignoreLoading: true }),
  });
  useEffect(() => {
    if (!enabled || !data?.updateAvailable) return;
    notify({
      type: 'info',
      message: data.message || t('admin.update-available', { version: data.latestVersion ?? '' }),
      horizontalPosition: 'right',
      verticalPosition: 'bottom',
      duration: 10_000,
    });
  }, [enabled, data, t]);
}
