/** Placeholder until the page lands. */
export function CreatePasswordPage() {
  return null;
}
