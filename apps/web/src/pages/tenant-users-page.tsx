import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCrumbLabel } from '../components/page-search/crumb-label';
import { useOwnerTitle } from '../features/users/users-queries';
import { UsersView } from '../features/users/users-view';

/** /tenants/:tenantId/users — the system administrator manages a tenant's administrators and users. */
export function TenantUsersPage() {
  const { t } = useTranslation();
  const tenantId = useParams().tenantId ?? '';
  const scope = { kind: 'tenant', tenantId } as const;
  const title = useOwnerTitle(scope).data;
  useCrumbLabel(title ? `${title}: ${t('user.users')}` : undefined);
  return <UsersView key={tenantId} scope={scope} ownerTitle={title} />;
}
