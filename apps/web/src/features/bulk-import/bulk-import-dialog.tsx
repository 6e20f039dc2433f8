/** Placeholder: the CSV/XLSX import dialog for devices and assets (being written now). */
export function BulkImportDialog(_props: { entityType: 'DEVICE' | 'ASSET'; open: boolean; onClose: () => void }) {
  return null;
}
