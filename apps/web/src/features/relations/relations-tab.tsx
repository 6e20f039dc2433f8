import type { EntityId } from '../auth/auth-types';

/** Placeholder: the relations tab of an entity's details panel (being written now). */
export function RelationsTab(_props: { entityId: EntityId; readOnly?: boolean }) {
  return null;
}
