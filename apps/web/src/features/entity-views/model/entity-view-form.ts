import type { EntityViewInfo } from '../entity-view-types';
import { fromLocalInput, toLocalInput } from './time-input';
import type { KeysValue } from './keys-list';

export interface EntityViewForm {
  name: string;
  type: string;
  /** The device or asset; its type comes from the entity type select. */
  target: { entityType: string; id: string } | null;
  timeseries: KeysValue;
  clientAttributes: KeysValue;
  sharedAttributes: KeysValue;
  serverAttributes: KeysValue;
  /** datetime-local texts; '' = unbounded. */
  startTime: string;
  endTime: string;
  description: string;
}

export const ENTITY_VIEW_FORM_FIELDS = ['name', 'type', 'target', 'startTime', 'endTime', 'description'] as const;
type Field = (typeof ENTITY_VIEW_FORM_FIELDS)[number];

const list = (keys: string[] | null | undefined): KeysValue => (keys && keys.length > 0 ? [...keys] : null);

export function entityViewFormFrom(view: EntityViewInfo | undefined): EntityViewForm {
  const description = view?.additionalInfo?.description;
  return {
    name: view?.name ?? '',
    type: view?.type ?? '',
    target: view ? { entityType: view.entityId.entityType, id: view.entityId.id } : null,
    timeseries: list(view?.keys?.timeseries),
    clientAttributes: list(view?.keys?.attributes?.cs),
    sharedAttributes: list(view?.keys?.attributes?.sh),
    serverAttributes: list(view?.keys?.attributes?.ss),
    startTime: toLocalInput(view?.startTimeMs),
    endTime: toLocalInput(view?.endTimeMs),
    description: typeof description === 'string' ? description : '',
  };
}

/** Spec 1-client §4.3/§5: name, type and target required; a start and an end must be 1 s apart at least. */
export function validateEntityViewForm(form: EntityViewForm): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.name.trim()) errors.name = 'entity-view.name-required';
  if (!form.type.trim()) errors.type = 'entity-view.entity-view-type-required';
  if (!form.target) errors.target = 'entity.entity-required';
  const start = fromLocalInput(form.startTime);
  const end = fromLocalInput(form.endTime);
  if (start && end && end - start < 1000) errors.endTime = 'entity-view.end-after-start';
  return errors;
}

/**
 * POST /api/entityView body. An edit sends the loaded view back with the form merged in; the
 * info-only fields (customer title and flag, the target's name) stay out.
 */
export function entityViewPayload(form: EntityViewForm, original: EntityViewInfo | undefined) {
  const base: Record<string, unknown> = { ...original };
  delete base.customerTitle;
  delete base.customerIsPublic;
  delete base.entityName;
  if (!form.target) throw new Error('entity view target missing');
  return {
    ...base,
    name: form.name.trim(),
    type: form.type.trim(),
    entityId: { entityType: form.target.entityType, id: form.target.id },
    keys: {
      timeseries: form.timeseries ?? [],
      attributes: {
        cs: form.clientAttributes ?? [],
        ss: form.serverAttributes ?? [],
        sh: form.sharedAttributes ?? [],
      },
    },
    startTimeMs: fromLocalInput(form.startTime),
    endTimeMs: fromLocalInput(form.endTime),
    additionalInfo: { ...(original?.additionalInfo ?? {}), description: form.description.trim() },
  };
}
