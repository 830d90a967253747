import type { PlayerProfile } from '@tappa/contracts';

/** What the start screen shows: the e-mail form, the mail notice, or the team's form. */
export type StartMode =
  | { kind: 'email-check' }
  | { kind: 'verification-sent'; email: string }
  | { kind: 'returning' | 'new'; profile: PlayerProfile };

/** The mode for an identified team: returning when it has registered, else new. */
export function modeOfProfile(profile: PlayerProfile): StartMode {
  return { kind: profile.registration ? 'returning' : 'new', profile };
}
