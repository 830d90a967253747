import type {
  IdentifyResponse,
  PlayerProfile,
  Registration,
  RegistrationWrite,
} from '@tappa/contracts';
import { apiRequest } from '../../lib/api-client';

/** The path of a player API call of the tenant `slug`. */
function playPath(slug: string, rest: string): string {
  return `/api/play/${encodeURIComponent(slug)}${rest}`;
}

/** What the start screen shows: the e-mail form, the mail notice, or the team's form. */
export type StartMode =
  | { kind: 'email-check' }
  | { kind: 'verification-sent'; email: string }
  | { kind: 'returning' | 'new'; profile: PlayerProfile };

/** The mode for an identified team: returning when it has registered, else new. */
export function modeOfProfile(profile: PlayerProfile): StartMode {
  return { kind: profile.registration ? 'returning' : 'new', profile };
}

/** `POST /identify`: the start screen's e-mail; sends a verification mail or answers the team. */
export function identifyPlayer(slug: string, email: string): Promise<IdentifyResponse> {
  return apiRequest<IdentifyResponse>(playPath(slug, '/identify'), {
    method: 'POST',
    body: { email: email.trim() },
  });
}

/** `POST /verify`: the token of the e-mailed link; answers the verified e-mail. */
export function verifyEmailToken(slug: string, token: string): Promise<{ email: string }> {
  return apiRequest<{ email: string }>(playPath(slug, '/verify'), {
    method: 'POST',
    body: { token },
  });
}

/** The team form's values: members as typed (comma-separated), the photo if one was picked. */
export interface RegistrationValues {
  teamName: string;
  members: string;
  avatar: File | null;
}

/** `PUT /registration` as multipart: the `data` JSON part and the optional `avatar` image. */
export function saveRegistration(slug: string, values: RegistrationValues): Promise<Registration> {
  const data = {
    team_name: values.teamName.trim(),
    team_members: values.members.trim() || null,
  } satisfies RegistrationWrite;
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (values.avatar) form.append('avatar', values.avatar);
  return apiRequest<Registration>(playPath(slug, '/registration'), { method: 'PUT', body: form });
}
