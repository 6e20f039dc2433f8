import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, NullableString } from '../api/schema.ts';

/** ThingsBoard 3.2 WidgetsBundle; tenantId is NULL_UUID for the system's bundles. */
export const WidgetsBundleSchema = Type.Object({
  id: EntityRef('WIDGETS_BUNDLE'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  alias: Type.String(),
  title: Type.String(),
  image: NullableString,
  description: NullableString,
  name: Type.String(),
});
export type WidgetsBundle = Static<typeof WidgetsBundleSchema>;

const WidgetTypeBase = {
  id: EntityRef('WIDGET_TYPE'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  bundleAlias: Type.String(),
  alias: Type.String(),
  name: Type.String(),
};

/** WidgetType: the descriptor (templates, settings schema, data keys) is open JSON. */
export const WidgetTypeSchema = Type.Object({ ...WidgetTypeBase, descriptor: Json });
export const WidgetTypeDetailsSchema = Type.Object({
  ...WidgetTypeBase,
  descriptor: Json,
  image: NullableString,
  description: NullableString,
});
export const WidgetTypeInfoSchema = Type.Object({
  ...WidgetTypeBase,
  image: NullableString,
  description: NullableString,
  widgetType: NullableString,
});
