import {
  BULK_IMPORT_MAX_FILE_BYTES,
  BULK_IMPORT_MAX_ROWS,
  type BulkImportRequest,
  type BulkImportResult,
  isBlankRecord,
  parseCsv,
} from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AssetInput } from '../assets/assets.service.ts';
import type { DeviceProfileRow } from '../device-profiles/device-profile.repository.ts';
import { mapUniqueViolation, type DevicesService } from '../devices/devices.service.ts';
import { checkMapping, type ImportRow, readRow } from './import-mapping.ts';

/** What the import needs from the asset service (modules/assets). */
export interface AssetSaver {
  findByName(
    caller: Caller,
    name: string,
    q?: Queryable,
  ): Promise<{ id: { id: string }; type: string; label: string | null; additionalInfo: unknown } | undefined>;
  save(caller: Caller, input: AssetInput, q?: Queryable): Promise<{ id: { id: string } }>;
}

/** What the import needs from the attribute service (modules/attributes). */
export interface AttributeSaver {
  save(
    caller: Caller,
    entityType: 'DEVICE' | 'ASSET',
    entityId: string,
    scope: 'SHARED_SCOPE' | 'SERVER_SCOPE',
    values: Record<string, unknown>,
    q?: Queryable,
  ): Promise<void>;
}

type Target = 'DEVICE' | 'ASSET';

function withInfo(current: unknown, row: ImportRow): unknown {
  const base = current && typeof current === 'object' && !Array.isArray(current) ? { ...(current as object) } : {};
  const info: Record<string, unknown> = base;
  if (row.description !== undefined) info.description = row.description;
  if (row.gateway !== undefined) info.gateway = row.gateway;
  return info;
}

function rowError(err: unknown): string {
  const mapped = mapUniqueViolation(err);
  if (mapped instanceof AppError) return mapped.message;
  if (err instanceof AppError) return err.message;
  return 'Unexpected error while saving this row';
}

/**
 * ThingsBoard 3.3's bulk import: CSV rows through a column mapping, each row in its own
 * transaction so a bad row never stops or rolls back the good ones; `update` lets a row with an
 * existing name update that entity, else the row is an error.
 */
export class BulkImportService {
  constructor(
    private readonly db: Db,
    private readonly devices: DevicesService,
    private readonly assets: AssetSaver,
    private readonly attributes: AttributeSaver,
  ) {}

  importDevices(caller: Caller, request: BulkImportRequest): Promise<BulkImportResult> {
    return this.run(caller, request, 'DEVICE');
  }

  importAssets(caller: Caller, request: BulkImportRequest): Promise<BulkImportResult> {
    return this.run(caller, request, 'ASSET');
  }

  private async run(caller: Caller, request: BulkImportRequest, target: Target): Promise<BulkImportResult> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const { columns, delimiter, update, header } = request.mapping;
    const bytes = Buffer.byteLength(request.file, 'utf8');
    if (bytes > BULK_IMPORT_MAX_FILE_BYTES) {
      throw badRequest(
        `The file is too large (${(bytes / 1024 / 1024).toFixed(1)} MB); the limit is ${BULK_IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`,
      );
    }
    const bad = checkMapping(columns, delimiter, target);
    if (bad) throw badRequest(bad);
    const parsed = parseCsv(request.file, { delimiter, maxRecords: BULK_IMPORT_MAX_ROWS + (header ? 1 : 0) });
    if (!parsed.ok) {
      throw badRequest(
        parsed.error.startsWith('The file has more')
          ? `The file has more than ${BULK_IMPORT_MAX_ROWS} rows`
          : parsed.error,
      );
    }
    const records = (header ? parsed.records.slice(1) : parsed.records).filter((r) => !isBlankRecord(r.cells));
    const result: BulkImportResult = { created: 0, updated: 0, errors: 0, errorsList: [] };
    // Device profiles by type, resolved once per import; filled only after a row committed, so a
    // profile created by a row that rolled back is never reused.
    const profiles = new Map<string, DeviceProfileRow>();
    for (const record of records) {
      try {
        const row = readRow(record.cells, columns);
        if (typeof row === 'string') throw badRequest(row);
        const done = await this.db.tx((q) =>
          target === 'DEVICE'
            ? this.deviceRow(q, caller, row, update, profiles)
            : this.assetRow(q, caller, row, update),
        );
        if (done.profile) profiles.set(row.type ?? '', done.profile);
        if (done.created) result.created++;
        else result.updated++;
      } catch (err) {
        result.errors++;
        result.errorsList.push(`Line ${record.line}: ${rowError(err)}`);
      }
    }
    return result;
  }

  /** One device row: the device, its access token and its attributes. True when created. */
  private async deviceRow(
    q: Queryable,
    caller: Caller,
    row: ImportRow,
    update: boolean,
    profiles: ReadonlyMap<string, DeviceProfileRow>,
  ): Promise<{ created: boolean; profile?: DeviceProfileRow }> {
    if (!row.name) throw badRequest('Device name should be specified!');
    // Without update the save itself refuses a taken name (one query less per row).
    const existing = update ? await this.devices.repo.findByName(caller.tenantId, row.name, q) : undefined;
    const cached = profiles.get(row.type ?? '');
    const profile =
      existing && !row.type
        ? undefined // an update without a TYPE cell keeps the device's profile
        : (cached ?? (await this.devices.resolveProfile(q, caller, { type: row.type ?? null }, undefined)));
    const { row: saved, created } = await this.devices.saveInTx(
      q,
      caller,
      existing
        ? {
            id: { id: existing.id },
            name: row.name,
            // Without a TYPE cell the device keeps its profile.
            ...(row.type ? { type: row.type } : { deviceProfileId: { id: existing.device_profile_id } }),
            label: row.label ?? existing.label,
            additionalInfo: withInfo(existing.additional_info, row),
          }
        : { name: row.name, type: row.type ?? null, label: row.label ?? null, additionalInfo: withInfo(null, row) },
      { accessToken: row.accessToken, setTokenOnUpdate: true, profile },
    );
    await this.saveAttributes(q, caller, 'DEVICE', saved.id, row);
    return { created, profile };
  }

  private async assetRow(
    q: Queryable,
    caller: Caller,
    row: ImportRow,
    update: boolean,
  ): Promise<{ created: boolean; profile?: undefined }> {
    if (!row.name) throw badRequest('Asset name should be specified!');
    const existing = await this.assets.findByName(caller, row.name, q);
    if (existing && !update) throw badRequest('Asset with such name already exists!');
    const saved = await this.assets.save(
      caller,
      existing
        ? {
            id: { id: existing.id.id },
            name: row.name,
            type: row.type ?? existing.type,
            label: row.label ?? existing.label,
            additionalInfo: withInfo(existing.additionalInfo, row),
          }
        : { name: row.name, type: row.type ?? null, label: row.label ?? null, additionalInfo: withInfo(null, row) },
      q,
    );
    await this.saveAttributes(q, caller, 'ASSET', saved.id.id, row);
    return { created: !existing };
  }

  private async saveAttributes(q: Queryable, caller: Caller, type: Target, id: string, row: ImportRow) {
    if (Object.keys(row.shared).length > 0) await this.attributes.save(caller, type, id, 'SHARED_SCOPE', row.shared, q);
    if (Object.keys(row.server).length > 0) await this.attributes.save(caller, type, id, 'SERVER_SCOPE', row.server, q);
  }
}
