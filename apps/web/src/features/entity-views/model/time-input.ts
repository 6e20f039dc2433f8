/** `<input type="datetime-local">` text ↔ epoch ms, in the browser's time zone; '' and 0 mean unbounded. */
export function toLocalInput(ms: number | null | undefined): string {
  if (!ms) return '';
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function fromLocalInput(text: string): number {
  if (!text) return 0;
  const ms = new Date(text).getTime(); // a date-time without zone is read as local time
  return Number.isNaN(ms) ? 0 : ms;
}
