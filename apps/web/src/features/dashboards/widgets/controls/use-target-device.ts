import { useEffect, useMemo, useState } from 'react';
import type { WidgetContext } from '../widget-types';
import { CONTROL_MESSAGES, firstEntityId, planTarget, targetAliasId, targetQuery } from './control-model';

export type TargetDevice =
  { status: 'loading' } | { status: 'none'; message: string } | { status: 'ready'; id: string };

/**
 * The device an RPC control talks to: the first entity of the widget's target device alias. A
 * single-entity alias gives it directly; any other filter is asked once to the entity query.
 */
export function useTargetDevice(ctx: WidgetContext): TargetDevice {
  const aliasId = targetAliasId(ctx.widget.config);
  const plan = useMemo(() => planTarget(aliasId, ctx.aliases), [aliasId, ctx.aliases]);
  // The alias map may be rebuilt on every render; the plan's content is what matters.
  const planKey = JSON.stringify(plan);
  const [queried, setQueried] = useState<{ key: string; result: TargetDevice } | null>(null);
  const { api } = ctx;

  useEffect(() => {
    if (plan.kind !== 'query') return;
    let alive = true;
    api
      .post<unknown>('/api/entitiesQuery/find', targetQuery(plan.filter), { ignoreErrors: true, ignoreLoading: true })
      .then((page) => {
        const entity = firstEntityId(page);
        const result: TargetDevice = !entity
          ? { status: 'none', message: CONTROL_MESSAGES.deviceNotFound }
          : entity.entityType !== 'DEVICE'
            ? { status: 'none', message: CONTROL_MESSAGES.notDevice }
            : { status: 'ready', id: entity.id };
        if (alive) setQueried({ key: planKey, result });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : CONTROL_MESSAGES.deviceNotFound;
        if (alive) setQueried({ key: planKey, result: { status: 'none', message } });
      });
    return () => {
      alive = false;
    };
    // planKey stands for plan (its content, not its identity).
  }, [api, planKey]);

  if (plan.kind === 'none') return { status: 'none', message: plan.message };
  if (plan.kind === 'entity') {
    return plan.entityType === 'DEVICE'
      ? { status: 'ready', id: plan.id }
      : { status: 'none', message: CONTROL_MESSAGES.notDevice };
  }
  return queried?.key === planKey ? queried.result : { status: 'loading' };
}
