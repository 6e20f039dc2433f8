import { NULL_UUID, normaliseTimewindow, type Timewindow } from '@sapo/common';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { wsClientFor } from '../../../lib/ws-client';
import { useAuth } from '../../auth/auth-provider';
import type { User } from '../../auth/auth-types';
import type { DashboardConfig, DashboardWidget } from '../model/dashboard-config';
import { decodeStateParam, encodeStateParam, type StateEntry } from '../model/dashboard-state';
import { resolveAliases, type AliasUser } from '../model/entity-alias';
import type { WidgetActionSource, WidgetEntity } from '../widgets/widget-types';
import type { DashboardRuntime } from './dashboard-runtime';
import { actionsFor, runWidgetAction } from './model/widget-actions';
import { customActionBody, runCustomAction } from './run-custom-action';

export function aliasUserOf(user: User): AliasUser {
  const id = (e: { id: string } | null | undefined) => (e?.id && e.id !== NULL_UUID ? e.id : null);
  return {
    authority: user.authority,
    tenantId: id(user.tenantId),
    customerId: id(user.customerId),
    userId: user.id.id,
  };
}

/**
 * The live side of an open dashboard: the state stack (kept in the URL's `state` parameter), aliases
 * resolved for the user and the current state, the dashboard's time window and widget actions.
 */
export function useDashboardRuntimeValue(options: {
  config: DashboardConfig;
  user: User;
  maxDatapoints: number;
  editing: boolean;
  /** Where another dashboard opens ('/dashboards' in the app, '/dashboard' full screen). */
  dashboardPath: string;
}): DashboardRuntime {
  const { config, user, maxDatapoints, editing, dashboardPath } = options;
  const { client } = useAuth();
  const ws = useMemo(() => wsClientFor(client), [client]);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const stateParam = search.get('state');
  const stack = useMemo(() => decodeStateParam(config, stateParam), [config, stateParam]);

  const setStack = useCallback(
    (next: StateEntry[]) => {
      setSearch(
        (prev) => {
          const out = new URLSearchParams(prev);
          const encoded = encodeStateParam(config, next);
          if (encoded) out.set('state', encoded);
          else out.delete('state');
          return out;
        },
        { replace: false },
      );
    },
    [config, setSearch],
  );

  const savedWindow = useMemo(() => JSON.stringify(config.timewindow), [config.timewindow]);
  const [timewindow, setTimewindow] = useState<Timewindow>(() => normaliseTimewindow(config.timewindow, maxDatapoints));
  // A saved or imported change of the dashboard's window replaces what the user picked.
  useEffect(() => {
    setTimewindow(normaliseTimewindow(JSON.parse(savedWindow), maxDatapoints));
  }, [savedWindow, maxDatapoints]);

  const top = stack[stack.length - 1];
  const aliasUser = useMemo(() => aliasUserOf(user), [user]);
  const aliasesJson = JSON.stringify(config.entityAliases);
  const paramsJson = JSON.stringify(top?.params ?? {});
  // Stable while nothing they depend on changes, so widgets do not subscribe again.
  const aliases = useMemo(
    () => resolveAliases(JSON.parse(aliasesJson), { user: aliasUser, stateParams: JSON.parse(paramsJson) }),
    [aliasesJson, aliasUser, paramsJson],
  );

  const runAction = useCallback(
    (
      widget: DashboardWidget,
      source: WidgetActionSource,
      entity?: WidgetEntity | null,
      extra?: Record<string, unknown>,
    ) => {
      const list = actionsFor(widget, source);
      const index = typeof extra?.actionIndex === 'number' ? extra.actionIndex : 0;
      const action = list[index];
      if (!action) return;
      const body = customActionBody(action);
      if (body) {
        // The author's code runs in the script worker; only what it asks for happens here.
        void runCustomAction(
          { action, body, config, stack, entity, extra },
          { setStack, navigate: (url) => void navigate(url) },
        );
        return;
      }
      const outcome = runWidgetAction(config, stack, action, entity);
      if (outcome.kind === 'state') setStack(outcome.stack);
      else if (outcome.kind === 'dashboard') {
        const encoded = outcome.stack ? encodeStateParam(config, outcome.stack) : undefined;
        void navigate(`${dashboardPath}/${outcome.dashboardId}${encoded ? `?state=${encoded}` : ''}`);
      }
    },
    [config, stack, setStack, navigate, dashboardPath],
  );

  return useMemo(
    () => ({
      config,
      aliases,
      timewindow,
      setTimewindow,
      maxDatapoints,
      editing,
      stack,
      setStack,
      runAction,
      api: client,
      ws,
    }),
    [config, aliases, timewindow, maxDatapoints, editing, stack, setStack, runAction, client, ws],
  );
}

export type { StateEntry };
