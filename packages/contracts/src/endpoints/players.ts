import { endpoint, shape } from '../endpoint';
import type {
  IdentifyRequest,
  IdentifyResponse,
  PlayerProfile,
  Registration,
  ResendVerificationRequest,
  ResendVerificationResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '../play';

const PLAY = '/api/play/:slug';

/**
 * A team's identity with a tenant (doc 2 §2 and §4): identification by e-mail (proven by a link
 * when mail is configured), the profile, and the registration form.
 */
export const players = {
  /** The start screen's e-mail: sends a verification link, or answers the team with its cookie. */
  identify: endpoint({
    method: 'POST',
    path: `${PLAY}/identify`,
    access: 'public-tenant',
    body: shape<IdentifyRequest>(),
    response: shape<IdentifyResponse>(),
  }),
  /** The verification link once more. */
  resendVerification: endpoint({
    method: 'POST',
    path: `${PLAY}/verification/resend`,
    access: 'public-tenant',
    body: shape<ResendVerificationRequest>(),
    response: shape<ResendVerificationResponse>(),
  }),
  /** The token of the e-mailed link: answers the verified e-mail, with the team's cookie. */
  verify: endpoint({
    method: 'POST',
    path: `${PLAY}/verify`,
    access: 'public-tenant',
    body: shape<VerifyEmailRequest>(),
    response: shape<VerifyEmailResponse>(),
  }),
  /** The team identified by its cookie. */
  profile: endpoint({
    method: 'GET',
    path: `${PLAY}/me`,
    access: 'player',
    response: shape<PlayerProfile>(),
  }),
  /** The team's registration (multipart: the `data` JSON and an optional `avatar`). */
  saveRegistration: endpoint({
    method: 'PUT',
    path: `${PLAY}/registration`,
    access: 'player',
    body: shape<FormData>(),
    response: shape<Registration>(),
  }),
};
