import { describe, expect, it } from 'vitest';
import type { AssetInfo } from '../asset-types';
import { assetFormFrom, assetPayload, validateAssetForm } from './asset-form';

const asset: AssetInfo = {
  id: { entityType: 'ASSET', id: 'a-1' },
  createdTime: 5,
  tenantId: { entityType: 'TENANT', id: 't-1' },
  customerId: { entityType: 'CUSTOMER', id: 'c-1' },
  name: 'Building A',
  type: 'building',
  label: null,
  additionalInfo: { description: 'North', floorPlan: 'x.png' },
  customerTitle: 'Customer A',
  customerIsPublic: false,
};

describe('asset form', () => {
  it('needs a name and a type', () => {
    expect(validateAssetForm(assetFormFrom(undefined))).toEqual({
      name: 'asset.name-required',
      type: 'asset.asset-type-required',
    });
    expect(validateAssetForm({ name: 'x', type: ' ', label: '', description: '' })).toEqual({
      type: 'asset.asset-type-required',
    });
  });

  it('creates with trimmed fields and the description in additionalInfo', () => {
    expect(assetPayload({ name: ' Pump ', type: ' pump ', label: ' ', description: ' Basement ' }, undefined)).toEqual({
      name: 'Pump',
      type: 'pump',
      label: null,
      additionalInfo: { description: 'Basement' },
    });
  });

  it('edits without losing other additionalInfo keys or sending info-only fields', () => {
    const body = assetPayload({ ...assetFormFrom(asset), label: 'B-A', description: 'South' }, asset);
    expect(body).toEqual({
      id: asset.id,
      createdTime: 5,
      tenantId: asset.tenantId,
      customerId: asset.customerId,
      name: 'Building A',
      type: 'building',
      label: 'B-A',
      additionalInfo: { description: 'South', floorPlan: 'x.png' },
    });
  });
});
