import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { BulkImportResult, ImportChunk } from './model/chunking';
import { chunkRequest } from './model/chunking';
import type { ColumnMapping, ImportEntityType } from './model/column-mapping';

const IMPORT_PATHS: Record<ImportEntityType, string> = {
  DEVICE: '/api/device/bulk_import',
  ASSET: '/api/asset/bulk_import',
};

/**
 * POST /api/{device|asset}/bulk_import for one chunk. Errors are not shown by the client: the dialog
 * lists them against the chunk's rows. No loading bar either: the dialog has its own progress.
 */
export function useSendChunk(entityType: ImportEntityType) {
  const { client } = useAuth();
  return useCallback(
    (chunk: ImportChunk, columns: readonly ColumnMapping[], update: boolean) =>
      client.post<BulkImportResult>(IMPORT_PATHS[entityType], chunkRequest(chunk, columns, update), {
        ignoreErrors: true,
        ignoreLoading: true,
      }),
    [client, entityType],
  );
}

/** After an import: the tables, details and type lists of that entity may all have changed. */
export function useInvalidateImported(entityType: ImportEntityType) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const root = entityType === 'DEVICE' ? queryKeys.devices.all : queryKeys.assets.all;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: root }),
      queryClient.invalidateQueries({ queryKey: queryKeys.entitySubtypes(entityType) }),
      // Importing devices with new types creates device profiles of those names.
      entityType === 'DEVICE' ? queryClient.invalidateQueries({ queryKey: queryKeys.deviceProfiles.all }) : undefined,
    ]);
  }, [queryClient, entityType]);
}
