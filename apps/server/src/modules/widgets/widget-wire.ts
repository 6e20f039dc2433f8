// Rows of the widget tables and their ThingsBoard 3.2 wire shapes (reference §2.1).
import { NULL_UUID } from '@sapo/common';

/** The system owner: widgets that every tenant sees, written by the system administrator. */
export const SYSTEM_OWNER = NULL_UUID;

/** SQL for a row's owner with the system mapped to the null id (matches the unique indexes). */
export const OWNER_SQL = `COALESCE(tenant_id, '${NULL_UUID}'::uuid)`;

/** The stored tenant_id of an owner: NULL for the system. */
export const ownerColumn = (owner: string): string | null => (owner === SYSTEM_OWNER ? null : owner);

export interface WidgetsBundleRow {
  id: string;
  created_time: number;
  tenant_id: string | null;
  alias: string;
  title: string;
  image: string | null;
  description: string | null;
}

export interface WidgetTypeRow {
  id: string;
  created_time: number;
  tenant_id: string | null;
  bundle_alias: string;
  alias: string;
  name: string;
  descriptor: Record<string, unknown>;
  image: string | null;
  description: string | null;
}

/** A widget type without its descriptor, plus the descriptor's type (the Info projection). */
export type WidgetTypeInfoRow = Omit<WidgetTypeRow, 'descriptor'> & { widget_type: string | null };

export const ownerOf = (r: { tenant_id: string | null }): string => r.tenant_id ?? SYSTEM_OWNER;
const tenantRef = (r: { tenant_id: string | null }) => ({ entityType: 'TENANT' as const, id: ownerOf(r) });

export function toWidgetsBundle(r: WidgetsBundleRow) {
  return {
    id: { entityType: 'WIDGETS_BUNDLE' as const, id: r.id },
    createdTime: r.created_time,
    tenantId: tenantRef(r),
    alias: r.alias,
    title: r.title,
    image: r.image,
    description: r.description,
    name: r.title,
  };
}
export type WidgetsBundleDto = ReturnType<typeof toWidgetsBundle>;

function typeBase(r: Omit<WidgetTypeRow, 'descriptor'>) {
  return {
    id: { entityType: 'WIDGET_TYPE' as const, id: r.id },
    createdTime: r.created_time,
    tenantId: tenantRef(r),
    bundleAlias: r.bundle_alias,
    alias: r.alias,
    name: r.name,
  };
}

export const toWidgetType = (r: WidgetTypeRow) => ({ ...typeBase(r), descriptor: r.descriptor });
export const toWidgetTypeDetails = (r: WidgetTypeRow) => ({
  ...toWidgetType(r),
  image: r.image,
  description: r.description,
});
export const toWidgetTypeInfo = (r: WidgetTypeInfoRow) => ({
  ...typeBase(r),
  image: r.image,
  description: r.description,
  widgetType: r.widget_type,
});

/**
 * An alias from a title or name: lower case, runs of other characters as '_'. Titles with no
 * latin letters or digits (e.g. Chinese) fall back to `fallback`.
 */
export function aliasFrom(text: string, fallback: string): string {
  const alias = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return alias || fallback;
}

/** `base`, else the first of base_1, base_2… that is not taken. */
export function uniqueAlias(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 1; ; i++) {
    const candidate = `${base}_${i}`;
    if (!used.has(candidate)) return candidate;
  }
}
