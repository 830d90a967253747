import { endpoint, shape } from '../endpoint';
import type {
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SessionResponse,
  SignInRequest,
} from '../session';

const SESSION = '/api/session';
const PASSWORD = '/api/password';

/** Signing in and out, the current session, and the password-reset pair (doc 1 §4). */
export const session = {
  /** The signed-in caller's session (401 when signed out). */
  read: endpoint({
    method: 'GET',
    path: SESSION,
    access: 'public',
    response: shape<SessionResponse>(),
  }),
  /** Signs in with e-mail and password; answers the session. */
  signIn: endpoint({
    method: 'POST',
    path: `${SESSION}/sign-in`,
    access: 'public',
    body: shape<SignInRequest>(),
    response: shape<SessionResponse>(),
  }),
  /** Ends the session (signing out without one is no error). */
  signOut: endpoint({ method: 'POST', path: `${SESSION}/sign-out`, access: 'public', status: 204 }),
  /** Asks for a reset link by e-mail; the same answer whether or not the address has an account. */
  forgotPassword: endpoint({
    method: 'POST',
    path: `${PASSWORD}/forgot`,
    access: 'public',
    body: shape<ForgotPasswordRequest>(),
    status: 202,
  }),
  /** Sets a new password with the reset link's token. */
  resetPassword: endpoint({
    method: 'POST',
    path: `${PASSWORD}/reset`,
    access: 'public',
    body: shape<ResetPasswordRequest>(),
    status: 204,
  }),
};
