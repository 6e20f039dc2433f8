/** Placeholder until the page lands. */
export function ResetPasswordPage() {
  return null;
}
export function ResetExpiredPasswordPage() {
  return null;
}
