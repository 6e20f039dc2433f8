// Construction of the widgets-bundle and widget-type services (wired once in services.ts). The system
// widgets they list are written by ensureSystemWidgets, run by app.ts when the app gets ready.
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import { WidgetTypeRepository } from './widget-type.repository.ts';
import { WidgetTypesService } from './widget-types.service.ts';
import { WidgetsBundleRepository } from './widgets-bundle.repository.ts';
import { WidgetsBundlesService } from './widgets-bundles.service.ts';

export function createWidgetServices(d: { db: Db; clock: Clock; audit: AuditService }) {
  const bundles = new WidgetsBundleRepository(d.db);
  const types = new WidgetTypeRepository(d.db);
  return {
    widgetsBundles: new WidgetsBundlesService(d.db, bundles, types, d.audit, d.clock),
    widgetTypes: new WidgetTypesService(d.db, types, bundles, d.audit, d.clock),
  };
}
