import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import { useAuth } from '../auth/auth-provider';
import { useCurrentUser } from '../auth/auth-queries';
import {
  ENTITY_COUNT_KEY,
  ENTITY_QUERY_ROOTS,
  applicable,
  assignPath,
  canAssign,
  isPublic,
  makePublicPath,
  unassignPath,
  type AssignableEntity,
  type AssignableEntityType,
} from './model/assignment-model';
import type { BulkResult } from './model/bulk-run';
import { useBulkRunner, useBulkSummary } from './use-bulk-runner';

export interface AssignmentTarget {
  id: string;
  title: string;
}

/**
 * Assign, unassign and make public for one entity type, on one row or a selection: confirmed first,
 * run with progress, summed up in one toast, lists refreshed. `allowed` is false for everyone but tenant
 * administrators (the server refuses the others anyway).
 */
export function useAssignmentActions(entityType: AssignableEntityType) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const runner = useBulkRunner();
  const summary = useBulkSummary();

  /** "'Thermostat T1'" for one row, "3 devices" for more. */
  const what = (entities: readonly AssignableEntity[]) =>
    entities.length === 1
      ? t('assignment.named', { name: entities[0]?.name ?? '' })
      : t(ENTITY_COUNT_KEY[entityType], { count: entities.length });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ENTITY_QUERY_ROOTS[entityType] });
    // A first public share creates the tenant's Public customer.
    await queryClient.invalidateQueries({ queryKey: ['customers'] });
  };

  const bulk = async (
    label: string,
    items: readonly AssignableEntity[],
    call: (entity: AssignableEntity) => Promise<unknown>,
    successMessage: string,
  ): Promise<BulkResult<AssignableEntity>> => {
    const result = await runner.run(label, items, call);
    await refresh();
    summary(result, successMessage);
    return result;
  };

  const assign = (entities: readonly AssignableEntity[], customer: AssignmentTarget) =>
    bulk(
      t('assignment.assigning', { what: what(entities) }),
      entities,
      (entity) => client.post(assignPath(entityType, customer.id, entity.id.id), undefined, { ignoreErrors: true }),
      t('assignment.assigned', { what: what(entities), customer: customer.title }),
    );

  /** Resolves to the result, or null when the user cancelled or nothing applied. */
  const unassign = async (entities: readonly AssignableEntity[]) => {
    const items = applicable(entities, 'unassign');
    if (items.length === 0) {
      notify({ message: t('assignment.none-assigned'), type: 'info' });
      return null;
    }
    const allPublic = items.every(isPublic);
    const ok = await confirmDialog({
      title: t(allPublic ? 'assignment.make-private-title' : 'assignment.unassign-title', { what: what(items) }),
      message: t(allPublic ? 'assignment.make-private-text' : 'assignment.unassign-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return null;
    return bulk(
      t('assignment.unassigning', { what: what(items) }),
      items,
      (entity) => client.delete(unassignPath(entityType, entity.id.id), { ignoreErrors: true }),
      t(allPublic ? 'assignment.made-private' : 'assignment.unassigned', { what: what(items) }),
    );
  };

  const makePublic = async (entities: readonly AssignableEntity[]) => {
    const items = applicable(entities, 'makePublic');
    if (items.length === 0) {
      notify({ message: t('assignment.none-unassigned'), type: 'info' });
      return null;
    }
    const ok = await confirmDialog({
      title: t('assignment.make-public-title', { what: what(items) }),
      message: t('assignment.make-public-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return null;
    return bulk(
      t('assignment.making-public', { what: what(items) }),
      items,
      (entity) => client.post(makePublicPath(entityType, entity.id.id), undefined, { ignoreErrors: true }),
      t('assignment.made-public', { what: what(items) }),
    );
  };

  return {
    allowed: canAssign(user?.authority),
    assign,
    unassign,
    makePublic,
    /** Render with <BulkProgressDialog progress={…} /> while several rows are worked on. */
    progress: runner.progress,
    busy: runner.busy,
    what,
  };
}
