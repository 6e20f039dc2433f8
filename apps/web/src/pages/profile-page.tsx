/** Placeholder until the page lands. */
export function ProfilePage() {
  return null;
}
