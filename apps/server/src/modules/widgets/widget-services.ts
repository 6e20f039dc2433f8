// Construction of the widgets-bundle and widget-type services (wired once in services.ts).
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import { systemWidgetsOnce } from './ensure-system-widgets.ts';
import { WidgetTypeRepository } from './widget-type.repository.ts';
import { WidgetTypesService } from './widget-types.service.ts';
import { WidgetsBundleRepository } from './widgets-bundle.repository.ts';
import { WidgetsBundlesService } from './widgets-bundles.service.ts';

export function createWidgetServices(d: { db: Db; clock: Clock; audit: AuditService }) {
  const bundles = new WidgetsBundleRepository(d.db);
  const types = new WidgetTypeRepository(d.db);
  // The first widget call of the process writes the built-in system widgets if they changed
  // (one SELECT otherwise), so the lists are complete even before a start-up hook ran.
  const ready = systemWidgetsOnce(d.db, d.clock);
  return {
    widgetsBundles: new WidgetsBundlesService(d.db, bundles, types, d.audit, d.clock, ready),
    widgetTypes: new WidgetTypesService(d.db, types, bundles, d.audit, d.clock, ready),
  };
}
