/** Hands text to the browser as a file download. */
export function saveTextFile(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers a JSON document as a download, indented as ThingsBoard's exports are. */
export function downloadJson(data: unknown, fileName: string): void {
  saveTextFile(fileName, JSON.stringify(data, null, 2), 'application/json');
}

/** A file name like ThingsBoard's exports: the entity's name in snake case, `.json`. */
export function jsonFileName(name: string, fallback: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return `${base || fallback}.json`;
}
