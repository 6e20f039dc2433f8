import { Type } from 'typebox';
import {
  DashboardInfoSchema,
  DashboardSchema,
  HomeDashboardInfoSchema,
  HomeDashboardSchema,
  NoBody,
  PageDataOf,
} from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

/** Dashboard body; tenantId and assignedCustomers are accepted but ignored (the server owns them). */
const DashboardBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(Type.Unknown()),
  createdTime: Type.Optional(Type.Unknown()),
  title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  name: Type.Optional(Type.Unknown()),
  assignedCustomers: Type.Optional(Type.Unknown()),
  configuration: Type.Optional(Type.Unknown()),
});

const HomeInfoBody = Type.Object({
  dashboardId: Type.Optional(
    Type.Union([Type.Object({ id: Type.String(), entityType: Type.Optional(Type.String()) }), Type.Null()]),
  ),
  hideDashboardToolbar: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});

const DashboardParam = Type.Object({ dashboardId: Uuid });
const CustomerDashboardParams = Type.Object({ customerId: Uuid, dashboardId: Uuid });

/** Dashboard calls of spec 2-calls §7 (serverTime and maxDatapointsLimit live in dashboard-time.routes.ts). */
export function dashboardRoutes(app: AppInstance): void {
  const s = app.services.dashboards;
  const assignment = app.services.dashboardAssignment;
  const home = app.services.homeDashboards;
  const tags = ['dashboards'];
  const one = { response: { 200: DashboardSchema } };
  const page = { response: { 200: PageDataOf(DashboardInfoSchema) } };
  // No home dashboard: an empty 200 (ThingsBoard's null).
  const homeInfo = { response: { 200: Type.Union([HomeDashboardInfoSchema, NoBody]) } };

  app.get('/api/tenant/dashboards', { schema: { tags, querystring: PageQuery, ...page } }, (req) =>
    s.listTenant(req.caller, toPageLink(req.query)),
  );
  app.get(
    '/api/tenant/:tenantId/dashboards',
    { schema: { tags, params: Type.Object({ tenantId: Uuid }), querystring: PageQuery, ...page } },
    (req) => s.listOfTenant(req.caller, req.params.tenantId.toLowerCase(), toPageLink(req.query)),
  );
  app.get(
    '/api/customer/:customerId/dashboards',
    { schema: { tags, params: Type.Object({ customerId: Uuid }), querystring: PageQuery, ...page } },
    (req) => s.listCustomer(req.caller, req.params.customerId.toLowerCase(), toPageLink(req.query)),
  );
  app.get(
    '/api/dashboard/info/:dashboardId',
    { schema: { tags, params: DashboardParam, response: { 200: DashboardInfoSchema } } },
    (req) => s.getInfo(req.caller, req.params.dashboardId.toLowerCase()),
  );
  app.get('/api/dashboard/:dashboardId', { schema: { tags, params: DashboardParam, ...one } }, (req) =>
    s.get(req.caller, req.params.dashboardId.toLowerCase()),
  );
  app.post('/api/dashboard', { schema: { tags, body: DashboardBody, ...one } }, (req) => s.save(req.caller, req.body));
  app.delete(
    '/api/dashboard/:dashboardId',
    { schema: { tags, params: DashboardParam, response: { 200: NoBody } } },
    async (req) => {
      await s.delete(req.caller, req.params.dashboardId.toLowerCase());
    },
  );

  app.post(
    '/api/customer/:customerId/dashboard/:dashboardId',
    { schema: { tags, params: CustomerDashboardParams, ...one } },
    (req) => assignment.assign(req.caller, req.params.customerId.toLowerCase(), req.params.dashboardId.toLowerCase()),
  );
  app.delete(
    '/api/customer/:customerId/dashboard/:dashboardId',
    { schema: { tags, params: CustomerDashboardParams, ...one } },
    (req) => assignment.unassign(req.caller, req.params.customerId.toLowerCase(), req.params.dashboardId.toLowerCase()),
  );
  app.post('/api/customer/public/dashboard/:dashboardId', { schema: { tags, params: DashboardParam, ...one } }, (req) =>
    assignment.makePublic(req.caller, req.params.dashboardId.toLowerCase()),
  );
  app.delete(
    '/api/customer/public/dashboard/:dashboardId',
    { schema: { tags, params: DashboardParam, ...one } },
    (req) => assignment.makePrivate(req.caller, req.params.dashboardId.toLowerCase()),
  );
  for (const [suffix, mode] of [
    ['', 'set'],
    ['/add', 'add'],
    ['/remove', 'remove'],
  ] as const) {
    app.post(
      `/api/dashboard/:dashboardId/customers${suffix}`,
      { schema: { tags, params: DashboardParam, body: Type.Unknown(), ...one } },
      (req) => assignment.updateCustomers(req.caller, req.params.dashboardId.toLowerCase(), req.body, mode),
    );
  }

  // An empty 200 when there is no home dashboard, as ThingsBoard answers null.
  app.get(
    '/api/dashboard/home',
    { schema: { tags, response: { 200: Type.Union([HomeDashboardSchema, NoBody]) } } },
    async (req, reply) => {
      const dashboard = await home.home(req.caller);
      return dashboard ?? reply.code(200).send();
    },
  );
  app.get('/api/tenant/dashboard/home/info', { schema: { tags, ...homeInfo } }, async (req, reply) => {
    const info = await home.tenantHomeInfo(req.caller);
    return info ?? reply.code(200).send();
  });
  app.post(
    '/api/tenant/dashboard/home/info',
    { schema: { tags, body: HomeInfoBody, ...homeInfo } },
    async (req, reply) => {
      const info = await home.setTenantHomeInfo(req.caller, req.body);
      return info ?? reply.code(200).send();
    },
  );
}
