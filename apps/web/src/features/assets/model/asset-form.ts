import type { AssetInfo } from '../asset-types';
import { descriptionOf } from '../asset-types';

export interface AssetForm {
  name: string;
  type: string;
  label: string;
  description: string;
}

export const ASSET_FORM_FIELDS = ['name', 'type', 'label', 'description'] as const;

export function assetFormFrom(asset: AssetInfo | undefined): AssetForm {
  return {
    name: asset?.name ?? '',
    type: asset?.type ?? '',
    label: asset?.label ?? '',
    description: asset ? descriptionOf(asset) : '',
  };
}

/** Name and type are required (spec 1-client §5: asset.asset-type-required). */
export function validateAssetForm(form: AssetForm): Partial<Record<(typeof ASSET_FORM_FIELDS)[number], string>> {
  const errors: Partial<Record<(typeof ASSET_FORM_FIELDS)[number], string>> = {};
  if (!form.name.trim()) errors.name = 'asset.name-required';
  if (!form.type.trim()) errors.type = 'asset.asset-type-required';
  return errors;
}

/**
 * POST /api/asset body (spec 1-client §3.4: name, type, label, additionalInfo.description). An edit sends
 * the loaded asset back with the form merged in, so additionalInfo keys other screens set survive; the
 * info-only fields (customer title, public flag) are left out.
 */
export function assetPayload(form: AssetForm, original: AssetInfo | undefined) {
  // Info-only fields are not part of an Asset.
  const base: Record<string, unknown> = { ...original };
  delete base.customerTitle;
  delete base.customerIsPublic;
  const description = form.description.trim();
  const additionalInfo = { ...(original?.additionalInfo ?? {}), description };
  return {
    ...base,
    name: form.name.trim(),
    type: form.type.trim(),
    label: form.label.trim() || null,
    additionalInfo,
  };
}
