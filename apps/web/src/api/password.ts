import type { ForgotPasswordRequest, ResetPasswordRequest } from '@tappa/contracts';
import { apiPath, apiRequest } from '../lib/api-client';

/**
 * `POST /api/password/forgot`: asks for a reset link by e-mail; answers 202 whether or not the
 * e-mail has an account.
 */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<undefined> {
  return apiRequest<undefined>(apiPath('password', 'forgot'), { method: 'POST', body });
}

/** `POST /api/password/reset`: sets the new password with the reset link's token (204). */
export function resetPassword(body: ResetPasswordRequest): Promise<undefined> {
  return apiRequest<undefined>(apiPath('password', 'reset'), { method: 'POST', body });
}
