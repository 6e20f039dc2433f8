import { useMemo } from 'react';
import type { AlarmScope } from './model/alarm-query';
import { AlarmsView } from './alarms-view';

export interface AlarmsTabProps {
  entity: { entityType: string; id: string };
}

/** The Alarms tab of an entity's details drawer: the alarm center's view, scoped to the entity. */
export function AlarmsTab({ entity }: AlarmsTabProps) {
  const { entityType, id } = entity;
  const scope = useMemo<AlarmScope>(() => ({ kind: 'entity', entityType, id }), [entityType, id]);
  // A new entity starts with fresh filters and paging.
  return <AlarmsView key={`${entityType}:${id}`} scope={scope} showOriginator={false} cards />;
}
