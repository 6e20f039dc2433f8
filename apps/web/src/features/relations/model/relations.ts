import type { EntityId } from '../../auth/auth-types';

export type RelationDirection = 'FROM' | 'TO';
export const RELATION_DIRECTIONS: readonly RelationDirection[] = ['FROM', 'TO'];

/** ThingsBoard's EntityRelationInfo (GET /api/relations/info): a relation plus both ends' names. */
export interface EntityRelationInfo {
  from: EntityId;
  to: EntityId;
  type: string;
  typeGroup: string;
  additionalInfo?: unknown;
  fromName?: string;
  toName?: string;
}

/**
 * GET /api/relations/info of one entity: 'FROM' lists relations that start at the entity
 * (fromId/fromType), 'TO' those that end at it (toId/toType).
 */
export function relationInfoPath(entity: EntityId, direction: RelationDirection): string {
  const params =
    direction === 'FROM'
      ? new URLSearchParams({ fromId: entity.id, fromType: entity.entityType })
      : new URLSearchParams({ toId: entity.id, toType: entity.entityType });
  return `/api/relations/info?${params.toString()}`;
}

/** DELETE /api/relation names the relation by both ends and its type (the group only when not COMMON). */
export function relationDeletePath(relation: Pick<EntityRelationInfo, 'from' | 'to' | 'type' | 'typeGroup'>): string {
  const params = new URLSearchParams({
    fromId: relation.from.id,
    fromType: relation.from.entityType,
    relationType: relation.type,
    toId: relation.to.id,
    toType: relation.to.entityType,
  });
  if (relation.typeGroup && relation.typeGroup !== 'COMMON') params.set('relationTypeGroup', relation.typeGroup);
  return `/api/relation?${params.toString()}`;
}

/** The entity at the other end of a relation, as seen from the listed direction. */
export function otherEnd(relation: EntityRelationInfo, direction: RelationDirection): { id: EntityId; name: string } {
  return direction === 'FROM'
    ? { id: relation.to, name: relation.toName ?? '' }
    : { id: relation.from, name: relation.fromName ?? '' };
}

export interface RelationForm {
  direction: RelationDirection;
  type: string;
  /** The other entity; its type is the entity type select's. */
  target: EntityId | null;
  /** Optional JSON object text. */
  additionalInfo: string;
}

export type RelationFormErrors = Partial<Record<'type' | 'target' | 'additionalInfo', string>>;

export const emptyRelationForm = (): RelationForm => ({
  direction: 'FROM',
  type: 'Contains',
  target: null,
  additionalInfo: '',
});

/** Empty text is no additional info; anything else must be a JSON object. */
export function parseAdditionalInfo(text: string): { value: Record<string, unknown> | null } | { error: string } {
  if (text.trim() === '') return { value: null };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { error: 'relation.additional-info-object' };
    }
    return { value: value as Record<string, unknown> };
  } catch {
    return { error: 'relation.additional-info-invalid' };
  }
}

/** Translation keys of what is wrong with the form; empty when it may be sent. */
export function validateRelationForm(form: RelationForm): RelationFormErrors {
  const errors: RelationFormErrors = {};
  if (form.type.trim() === '') errors.type = 'relation.relation-type-required';
  if (!form.target) errors.target = 'entity.entity-required';
  const info = parseAdditionalInfo(form.additionalInfo);
  if ('error' in info) errors.additionalInfo = info.error;
  return errors;
}

/** POST /api/relation body: the entity is `from` for the FROM direction, `to` for TO. */
export function relationPayload(form: RelationForm, entity: EntityId) {
  if (!form.target) throw new Error('relation target missing');
  const info = parseAdditionalInfo(form.additionalInfo);
  const additionalInfo = 'value' in info ? info.value : null;
  const [from, to] = form.direction === 'FROM' ? [entity, form.target] : [form.target, entity];
  return {
    from: { entityType: from.entityType, id: from.id },
    to: { entityType: to.entityType, id: to.id },
    type: form.type.trim(),
    typeGroup: 'COMMON',
    additionalInfo,
  };
}
