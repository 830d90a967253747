import { type ForgotPasswordRequest, type ResetPasswordRequest, session } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';

/** Asks for a reset link by e-mail; answers 202 whether or not the e-mail has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<undefined> {
  return apiCall(session.forgotPassword, { body });
}

/** Sets the new password with the reset link's token (204). */
export function resetPassword(body: ResetPasswordRequest): Promise<undefined> {
  return apiCall(session.resetPassword, { body });
}
