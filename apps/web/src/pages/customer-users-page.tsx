import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCrumbLabel } from '../components/page-search/crumb-label';
import { useOwnerTitle } from '../features/users/users-queries';
import { UsersView } from '../features/users/users-view';

/** /customers/:customerId/users — the tenant administrator manages a customer's users and administrators. */
export function CustomerUsersPage() {
  const { t } = useTranslation();
  const customerId = useParams().customerId ?? '';
  const scope = { kind: 'customer', customerId } as const;
  const title = useOwnerTitle(scope).data;
  useCrumbLabel(title ? `${title}: ${t('user.users')}` : undefined);
  return <UsersView key={customerId} scope={scope} ownerTitle={title} />;
}
