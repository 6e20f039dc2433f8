import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import { EntityTable } from '../../components/entity-table/entity-table';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { notify } from '../../lib/notifications';
import { useAuth } from '../auth/auth-provider';
import { ActivationLinkDialog } from './activation-link-dialog';
import { afterCreate } from './model/user-form';
import type { ActivationMode, User, UserScope } from './model/user-types';
import { userActionItems, userRowActions } from './user-action-items';
import { userColumns } from './user-columns';
import { UserDetails } from './user-details';
import { UserFormDialog } from './user-form-dialog';
import { useUserActions } from './use-user-actions';
import { fetchUsersPage, useActivationLink, useUser, usersListKey } from './users-queries';

export interface UsersViewProps {
  scope: UserScope;
  /** Tenant or customer title, shown under the page title. */
  ownerTitle: string | undefined;
}

/** The users of one tenant or customer: table, details panel, add/edit and activation-link dialogs. */
export function UsersView({ scope, ownerTitle }: UsersViewProps) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const searchText = usePageSearch();
  const [form, setForm] = useState<{ user?: User } | null>(null);
  const [activation, setActivation] = useState<{ email: string; link: string } | null>(null);
  const [selected, setSelected] = useState<User | null>(null);
  const details = useUser(selected?.id.id, selected ?? undefined);
  const activationLink = useActivationLink();

  const actions = useUserActions(scope, {
    onEdit: (user) => setForm({ user }),
    onActivationLink: (email, link) => setActivation({ email, link }),
    onDeleted: (user) => setSelected((current) => (current?.id.id === user.id.id ? null : current)),
  });

  const onSaved = (saved: User, mode: ActivationMode | null) => {
    setForm(null);
    if (!mode) {
      notify({ message: t('user.user-saved'), type: 'success' });
      return;
    }
    const next = afterCreate(mode);
    if (next === 'show-activation-link') {
      // The user exists now; a failure to fetch the link is toasted and the link stays one click away.
      activationLink.mutate(saved.id.id, { onSuccess: (link) => setActivation({ email: saved.email, link }) });
    } else if (next === 'mail-sent') {
      notify({
        message: t('user.activation-email-sent-message', { email: saved.email }),
        type: 'success',
        duration: 3000,
      });
    } else {
      notify({ message: t('user.user-created', { email: saved.email }), type: 'success' });
    }
  };

  const shown = details.data ?? selected;
  const available = shown ? actions.available(shown) : undefined;
  const ownerLabel =
    ownerTitle && t(scope.kind === 'tenant' ? 'user.of-tenant' : 'user.of-customer', { title: ownerTitle });

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={t('user.users')} subtitle={ownerLabel} addLabel={t('user.add')} onAdd={() => setForm({})} />
      <EntityTable<User>
        queryKey={usersListKey(scope)}
        fetchPage={(link, signal) => fetchUsersPage(client, scope, link, signal)}
        rowId={(user) => user.id.id}
        columns={userColumns(t)}
        defaultSort={{ property: 'createdTime', direction: 'DESC' }}
        searchText={searchText}
        actions={userRowActions(t, actions)}
        onRowClick={setSelected}
        selectedId={selected?.id.id}
        emptyText={searchText ? t('user.no-users-matching', { entity: searchText }) : t('user.no-users-text')}
        label={t('user.users')}
      />
      <EntityDetailsDrawer
        open={Boolean(shown)}
        onClose={() => setSelected(null)}
        title={shown?.email ?? ''}
        subtitle={t('user.user-details')}
        actions={
          shown &&
          available &&
          userActionItems(t, actions)
            .filter((item) => item.shown(available))
            .map((item) => (
              <Button
                key={item.id}
                size="small"
                variant="outlined"
                color={item.danger ? 'error' : 'primary'}
                startIcon={item.icon}
                disabled={actions.busy}
                onClick={() => item.run(shown)}
              >
                {item.label}
              </Button>
            ))
        }
      >
        {shown && <UserDetails user={shown} />}
      </EntityDetailsDrawer>
      {form && <UserFormDialog scope={scope} user={form.user} onClose={() => setForm(null)} onSaved={onSaved} />}
      {activation && <ActivationLinkDialog {...activation} onClose={() => setActivation(null)} />}
    </Box>
  );
}
