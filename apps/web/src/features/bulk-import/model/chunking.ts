import { formatCsv, type BulkImportRequest, type BulkImportResult, type CsvRecord } from '@sapo/common';
import { keptColumns, mappingRequest, type ColumnMapping } from './column-mapping';

/** Rows per POST …/bulk_import call: small enough for a quick answer and a moving progress bar. */
export const CHUNK_SIZE = 200;

export interface ImportChunk {
  /** The CSV sent: a header line, then the chunk's rows (kept columns only). */
  file: string;
  /** Line in the user's file of each data row, in order (blank rows skipped, so lines may jump). */
  lines: number[];
}

export interface ImportRowError {
  /** Line in the user's file; null when the server named no line. */
  line: number | null;
  message: string;
}

export interface ImportSummary {
  created: number;
  updated: number;
  errors: ImportRowError[];
}

export type { BulkImportResult };

/**
 * Splits the data rows into chunks, each with the same header line first. A chunk's line L is then
 * data row L - 2 of the chunk (line 1 is the header), whatever chunk it is: `remapErrors` turns it
 * back into the line of the user's file.
 */
export function planChunks(
  header: readonly string[],
  rows: readonly CsvRecord[],
  columns: readonly ColumnMapping[],
  chunkSize: number = CHUNK_SIZE,
): ImportChunk[] {
  const kept = keptColumns(columns);
  const pick = (cells: readonly string[]) => kept.map((index) => cells[index] ?? '');
  const head = pick(header);
  const chunks: ImportChunk[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const slice = rows.slice(start, start + chunkSize);
    chunks.push({
      file: formatCsv([head, ...slice.map((row) => pick(row.cells))]),
      lines: slice.map((row) => row.line),
    });
  }
  return chunks;
}

export function chunkRequest(
  chunk: ImportChunk,
  columns: readonly ColumnMapping[],
  update: boolean,
): BulkImportRequest {
  return { file: chunk.file, mapping: mappingRequest(columns, update) };
}

const LINE_MESSAGE = /^\s*line\s+(\d+)\s*[:.-]\s*([\s\S]*)$/i;

/** "Line 3: Device name should be specified!" in a chunk → the same message on the file's line. */
export function remapErrors(errorsList: readonly string[], chunk: ImportChunk): ImportRowError[] {
  return errorsList.map((text) => {
    const match = LINE_MESSAGE.exec(text);
    if (!match) return { line: null, message: text };
    const local = Number(match[1]);
    const line = chunk.lines[local - 2];
    return { line: line ?? null, message: (match[2] ?? '').trim() || text };
  });
}

/** A chunk the server refused as a whole (e.g. a network failure): each of its rows failed so. */
export function chunkFailed(chunk: ImportChunk, message: string): ImportRowError[] {
  return chunk.lines.map((line) => ({ line, message }));
}

export function emptySummary(): ImportSummary {
  return { created: 0, updated: 0, errors: [] };
}

export function addResult(summary: ImportSummary, result: BulkImportResult, chunk: ImportChunk): ImportSummary {
  return {
    created: summary.created + (result.created || 0),
    updated: summary.updated + (result.updated || 0),
    errors: [...summary.errors, ...remapErrors(result.errorsList ?? [], chunk)],
  };
}

export interface RunOptions {
  /** Rows sent so far and the running totals, after each chunk. */
  onProgress?: (rowsDone: number, summary: ImportSummary) => void;
  /** Stops before the next chunk (the dialog was closed). */
  signal?: AbortSignal;
}

/**
 * Sends the chunks one after another. A chunk the server refuses as a whole marks its own rows as
 * failed with the server's message and the import goes on: one bad row, or one bad chunk, never stops
 * the rest.
 */
export async function runChunks(
  chunks: readonly ImportChunk[],
  send: (chunk: ImportChunk) => Promise<BulkImportResult>,
  { onProgress, signal }: RunOptions = {},
): Promise<ImportSummary> {
  let summary = emptySummary();
  let rowsDone = 0;
  for (const chunk of chunks) {
    if (signal?.aborted) break;
    try {
      summary = addResult(summary, await send(chunk), chunk);
    } catch (error) {
      if (signal?.aborted) break;
      const message = error instanceof Error ? error.message : String(error);
      summary = { ...summary, errors: [...summary.errors, ...chunkFailed(chunk, message)] };
    }
    rowsDone += chunk.lines.length;
    onProgress?.(rowsDone, summary);
  }
  return summary;
}
