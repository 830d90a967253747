import type { ApiErrorCode } from '../api-error';
import { both, textsIn, type Language, type Texts } from './bilingual';
import { PUBLIC_CODE_TEXTS } from './errors';
import { EVENT_CODE_TEXTS } from './errors-event';
import { LOCATION_CODE_TEXTS } from './errors-location';
import { HINT_CODE_TEXTS } from './errors-hints';
import { RESULTS_CODE_TEXTS } from './errors-results';
import { ROUTE_JSON_TEXTS } from './route-json-texts';

/**
 * The texts of the error codes only the administration areas meet: they join the catalogue with
 * the admin texts (`admin-texts.ts`), so a player's phone never downloads them.
 */
const ADMIN_CODE_TEXTS = {
  superadmin_only: {
    it: 'Area riservata al superadmin',
    en: 'This area is reserved to the superadmin',
  },
  email_taken: {
    it: "Esiste già un utente con l'e-mail {{email}}",
    en: 'A user with the e-mail {{email}} already exists',
  },
  user_not_found: both('User not found'),
  email_unchangeable: {
    it: "L'e-mail di un utente non si può cambiare",
    en: "A user's e-mail cannot be changed",
  },
  own_account_protected: {
    it: 'Non puoi disattivare né eliminare il tuo account',
    en: 'You cannot deactivate or delete your own account',
  },
  last_superadmin: {
    it: "L'ultimo superadmin attivo non si può disattivare né eliminare",
    en: 'The last active superadmin cannot be deactivated or deleted',
  },
  user_not_orphan: {
    it: "L'utente non è più orfano: ha un tenant o un ruolo",
    en: 'The user is no longer an orphan: it has a tenant or a role',
  },
  role_account_unknown: {
    it: "Nessun account con l'e-mail {{email}}",
    en: 'No account has the e-mail {{email}}',
  },
  role_superadmin: {
    it: 'Un superadmin non ha bisogno di un ruolo nel tenant',
    en: 'A superadmin needs no role in a tenant',
  },
  role_own_tenant: {
    it: '{{email}} appartiene già a questo tenant',
    en: '{{email}} already belongs to this tenant',
  },
  staff_exists: {
    it: '{{email}} fa già parte dello staff di questo tenant',
    en: '{{email}} is already on the staff of this tenant',
  },
  staff_not_own_account: {
    it: "L'account appartiene a un altro tenant: qui si possono cambiare solo ruolo e stato",
    en: 'The account belongs to another tenant: only its role and status can change here',
  },
  last_tenant_admin: {
    it: "L'ultimo admin attivo del tenant non si può disattivare né rimuovere",
    en: 'The last active admin of the tenant cannot be deactivated or removed',
  },
  team_not_found: {
    it: 'Squadra non trovata: i suoi dati potrebbero essere già stati cancellati',
    en: 'Team not found: its data may already have been erased',
  },

  tenant_read_only: {
    it: 'Questo tenant non è attivo: i suoi dati si possono consultare ma non modificare',
    en: 'This tenant is not active: its data can be viewed but not changed',
  },
  tenant_slug_taken: {
    it: 'Esiste già un tenant con lo slug "{{slug}}"',
    en: 'A tenant with the slug "{{slug}}" already exists',
  },
  tenant_slug_reserved: {
    it: 'Lo slug "{{slug}}" è riservato',
    en: 'The slug "{{slug}}" is reserved',
  },

  route_slug_taken: {
    it: 'Esiste già una route con lo slug "{{slug}}"',
    en: 'A route with the slug "{{slug}}" already exists',
  },
  time_zone_unknown: {
    it: 'Fuso orario sconosciuto: "{{time_zone}}". Scegline uno dall\'elenco.',
    en: 'Unknown time zone: "{{time_zone}}". Choose one from the list.',
  },
  slug_invalid: {
    it: 'Lo slug deve contenere almeno una lettera o una cifra',
    en: 'The slug needs at least one letter or digit',
  },
  slug_required: both('Slug is required'),
  route_json_invalid: { it: 'Il JSON della route non è valido', en: 'The route JSON is not valid' },
  price_window_reversed: {
    it: 'La fine del listino precede il suo inizio',
    en: 'The end of the price list comes before its start',
  },
  price_row_not_found: { it: 'Riga di listino non trovata', en: 'Price list row not found' },
  route_without_codes: {
    it: 'Questa route non usa codici di accesso',
    en: 'This route does not use access codes',
  },
  access_codes_collided: {
    it: 'Riprova: un codice era già stato generato',
    en: 'Try again: a code had already been generated',
  },
  access_code_not_found: { it: 'Codice non trovato', en: 'Code not found' },
  access_code_redeemed: {
    it: 'Un codice già utilizzato da una squadra non si può eliminare',
    en: 'A code a team has already used cannot be deleted',
  },

  media_folder_not_found: { it: 'Cartella non trovata', en: 'Folder not found' },
  media_folder_name_invalid: {
    it: 'Il nome della cartella non può contenere / o \\ né caratteri di controllo, e non può iniziare o finire con un punto',
    en: 'A folder name cannot contain / or \\ or control characters, nor start or end with a dot',
  },
  media_file_not_found: { it: 'File non trovato', en: 'File not found' },
  media_file_missing: { it: 'Scegli un file da caricare', en: 'Choose a file to upload' },
  media_file_too_large: {
    it: 'Il file supera il limite di {{max_mb}} MB',
    en: 'The file is larger than the {{max_mb}} MB limit',
  },
  media_quota_exceeded: {
    it: 'Spazio esaurito: la libreria usa {{used_mb}} MB dei {{quota_mb}} MB disponibili',
    en: 'No room left: the library uses {{used_mb}} MB of its {{quota_mb}} MB',
  },
  media_file_in_use: {
    it: 'Il file è usato da queste tappe: {{steps}}',
    en: 'These steps use the file: {{steps}}',
  },

  test_email_failed: both('Failed to send test email: {{reason}}'),
  backup_not_found: { it: 'Backup non trovato', en: 'Backup not found' },
  backup_running: {
    it: 'Un backup è già in corso: riprova tra poco',
    en: 'A backup is already being written: try again shortly',
  },
  backup_password_wrong: { it: 'Password errata', en: 'Wrong password' },
  backup_link_invalid: {
    it: 'Il link di download è scaduto: inserisci di nuovo la password',
    en: 'The download link has expired: enter your password again',
  },
  scoreboard_empty: both('No scoreboard data to export for this route'),
  album_too_large: {
    it: "L'album è troppo grande per un file ZIP (più di 4 GB o di 65.535 foto)",
    en: 'The album is too large for a ZIP file (over 4 GB or 65,535 photos)',
  },
  // Staff's payments list and refunds (decision 0046).
  payment_not_found: { it: 'Pagamento non trovato', en: 'Payment not found' },
  payment_not_refundable: {
    it: 'Si può rimborsare solo un pagamento completato',
    en: 'Only a completed payment can be refunded',
  },
  event_not_found: {
    it: 'Voce del registro dei punti non trovata',
    en: 'Score ledger entry not found',
  },
  event_not_undoable: {
    it: 'Si può annullare solo una correzione dei punti dello staff',
    en: "Only a staff's points adjustment can be undone",
  },
  event_already_undone: {
    it: 'Questa correzione è già stata annullata',
    en: 'This adjustment has already been undone',
  },
  step_not_skipped: {
    it: 'Si può riaprire solo una tappa saltata',
    en: 'Only a skipped step can be reopened',
  },
  step_not_pending: {
    it: 'La squadra può andare solo a una tappa ancora da fare',
    en: 'The team can only be moved to a step still to do',
  },
  review_item_not_found: {
    it: 'Risposta da rivedere non trovata',
    en: 'Answer to review not found',
  },
  review_claimed: {
    it: 'Un altro giudice sta già guardando questa risposta',
    en: 'Another judge is already looking at this answer',
  },
  review_decided: {
    it: 'Questa risposta è già stata decisa',
    en: 'This answer has already been decided',
  },
  review_not_decided: {
    it: 'Questa risposta non è ancora stata decisa',
    en: 'This answer has not been decided yet',
  },
  review_undo_too_late: {
    it: 'Troppo tardi per annullare: la squadra ha già rifatto la tappa',
    en: 'Too late to undo: the team has already redone the step',
  },
  review_points_too_many: {
    it: 'Al massimo {{max}} punti per questa tappa',
    en: 'At most {{max}} points for this step',
  },
  // Hints given by the staff (decision 0085).
  hint_already_taken: {
    it: 'La squadra ha già questo suggerimento',
    en: 'The team already has this hint',
  },
  // One clock for the event (decision 0085): the route form's start and end.
  event_times_invalid: {
    it: "La fine dell'evento deve venire dopo l'inizio",
    en: 'The event must end after it starts',
  },
  message_not_found: { it: 'Messaggio non trovato', en: 'Message not found' },
  message_already_sent: {
    it: 'Il messaggio è già stato inviato',
    en: 'The message has already been sent',
  },
  message_send_at_past: {
    it: "L'orario di invio è già passato",
    en: 'The sending time has already passed',
  },
} satisfies Partial<Record<ApiErrorCode, Texts>>;

/**
 * The `errors` section of the admin catalogue in one language: every code's text (the public
 * ones again, so that a code without a text in either set fails the typecheck) and a text per
 * route JSON issue (`errors.route_json.<issue>`).
 */
export function adminErrorTexts(language: Language) {
  const texts = {
    ...PUBLIC_CODE_TEXTS,
    ...HINT_CODE_TEXTS,
    ...RESULTS_CODE_TEXTS,
    ...EVENT_CODE_TEXTS,
    ...LOCATION_CODE_TEXTS,
    ...ADMIN_CODE_TEXTS,
  } satisfies Record<ApiErrorCode, Texts>;
  return { ...textsIn(texts, language), route_json: textsIn(ROUTE_JSON_TEXTS, language) };
}
