import type { Timewindow } from '@sapo/common';
import { createContext, useContext } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import type { WsClient } from '../../../lib/ws-client';
import type { DashboardConfig, DashboardWidget } from '../model/dashboard-config';
import type { StateEntry } from '../model/dashboard-state';
import type { AliasResolution } from '../model/entity-alias';
import type { WidgetActionSource, WidgetEntity } from '../widgets/widget-types';

/** What every widget frame of an open dashboard shares. */
export interface DashboardRuntime {
  config: DashboardConfig;
  aliases: Readonly<Record<string, AliasResolution>>;
  /** The dashboard's window, parsed (widgets with their own window keep theirs). */
  timewindow: Timewindow;
  setTimewindow: (tw: Timewindow) => void;
  maxDatapoints: number;
  editing: boolean;
  stack: StateEntry[];
  /** Breadcrumb navigation between the open states. */
  setStack: (stack: StateEntry[]) => void;
  runAction: (
    widget: DashboardWidget,
    source: WidgetActionSource,
    entity?: WidgetEntity | null,
    extra?: Record<string, unknown>,
  ) => void;
  api: ApiClient;
  ws: WsClient;
}

export const DashboardRuntimeContext = createContext<DashboardRuntime | null>(null);

export function useDashboardRuntime(): DashboardRuntime {
  const value = useContext(DashboardRuntimeContext);
  if (!value) throw new Error('useDashboardRuntime must be used inside a dashboard');
  return value;
}
