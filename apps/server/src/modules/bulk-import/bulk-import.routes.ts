import { BULK_IMPORT_COLUMN_TYPES, BULK_IMPORT_MAX_FILE_BYTES } from '@sapo/common';
import { type Static, Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';

const BulkImportBody = Type.Object({
  // The service measures the file in bytes and answers with the limit; this only bounds the body.
  file: Type.String({ maxLength: BULK_IMPORT_MAX_FILE_BYTES * 2 }),
  mapping: Type.Object({
    columns: Type.Array(
      Type.Object({
        type: Type.Union(BULK_IMPORT_COLUMN_TYPES.map((t) => Type.Literal(t))),
        key: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
      }),
      { minItems: 1, maxItems: 200 },
    ),
    delimiter: Type.String({ minLength: 1, maxLength: 2 }),
    update: Type.Boolean(),
    header: Type.Boolean(),
  }),
});

/** POST /api/device/bulk_import and /api/asset/bulk_import (ThingsBoard 3.3). */
export function bulkImportRoutes(app: AppInstance): void {
  const s = app.services.bulkImport;
  const tags = ['bulk-import'];
  // A 5 MB CSV grows when escaped into JSON (quotes, line breaks); the file itself is checked in bytes.
  const bodyLimit = BULK_IMPORT_MAX_FILE_BYTES * 2 + 64 * 1024;
  const normalize = (body: Static<typeof BulkImportBody>) => ({
    file: body.file,
    mapping: {
      ...body.mapping,
      columns: body.mapping.columns.map((c) => ({ type: c.type, ...(c.key ? { key: c.key } : {}) })),
    },
  });
  // BulkImportResult (@sapo/common bulk-import.ts).
  const result = {
    response: {
      200: Type.Object({
        created: Type.Integer(),
        updated: Type.Integer(),
        errors: Type.Integer(),
        errorsList: Type.Array(Type.String()),
      }),
    },
  };
  app.post('/api/device/bulk_import', { bodyLimit, schema: { tags, body: BulkImportBody, ...result } }, (req) =>
    s.importDevices(req.caller, normalize(req.body)),
  );
  app.post('/api/asset/bulk_import', { bodyLimit, schema: { tags, body: BulkImportBody, ...result } }, (req) =>
    s.importAssets(req.caller, normalize(req.body)),
  );
}
