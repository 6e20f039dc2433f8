import { ErrorCode } from '@sapo/common';
import { ApiError } from '../../lib/api-error';

/**
 * The reset token of a sign-in refused because the password expired (401, errorCode 15, with
 * `resetToken` in the body), else null.
 */
export function expiredPasswordResetToken(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 401 || error.errorCode !== ErrorCode.CREDENTIALS_EXPIRED)
    return null;
  const body = error.body as { resetToken?: unknown } | undefined;
  return typeof body?.resetToken === 'string' && body.resetToken ? body.resetToken : null;
}

/** Spec 1-client §7: an expired password leads to login/resetExpiredPassword with the token. */
export function resetExpiredPasswordPath(resetToken: string): string {
  return `/login/resetExpiredPassword?${new URLSearchParams({ resetToken }).toString()}`;
}
