/** Placeholder until the page lands. */
export function ResetPasswordRequestPage() {
  return null;
}
