import { Type } from 'typebox';
import { AssetInfoSchema, AssetSchema } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { ownedEntityRoutes } from '../entities/owned-entity.routes.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

const Text = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/** Asset body; tenantId and customerId are accepted but ignored (the server owns them). */
export const AssetBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(RefBody),
  customerId: Type.Optional(RefBody),
  createdTime: Type.Optional(Type.Unknown()),
  name: Text(),
  type: Text(),
  label: Text(),
  additionalInfo: Type.Optional(Type.Unknown()),
});

export function assetRoutes(app: AppInstance): void {
  const s = app.services.assets;
  app.post('/api/asset', { schema: { tags: ['assets'], body: AssetBody, response: { 200: AssetSchema } } }, (req) =>
    s.save(req.caller, req.body),
  );
  ownedEntityRoutes(
    app,
    s,
    {
      one: 'asset',
      many: 'assets',
      nameParam: 'assetName',
      idsParam: 'assetIds',
      typesField: 'assetTypes',
      tag: 'assets',
    },
    { dto: AssetSchema, info: AssetInfoSchema },
  );
}
