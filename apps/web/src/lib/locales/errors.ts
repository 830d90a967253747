import type { ApiErrorCode } from '../api-error';
import { both, textsIn, type Language, type Texts } from './bilingual';
import { IMAGE_FIELD_TEXTS, TRY_REASON_TEXTS } from './error-details';

const INVALID_REQUEST: Texts = { it: 'Richiesta non valida', en: 'Invalid request' };
const INVALID_FORM: Texts = {
  it: 'Il modulo non contiene dati validi',
  en: 'The form has no valid data',
};

/**
 * What the user reads for each error code the API answers (and for `network`, the client's own)
 * on every page: the spec's Italian texts verbatim, English beside them, `{{param}}` for the
 * code's parameters. Codes only the administration areas meet are in `errors-admin.ts`; a new
 * code without its texts in either fails the typecheck.
 */
export const PUBLIC_CODE_TEXTS = {
  // Generic answers, and the client's own.
  bad_request: INVALID_REQUEST,
  validation_failed: { it: 'Dati non validi: {{fields}}', en: 'Invalid data: {{fields}}' },
  unauthenticated: both('Not authenticated'),
  forbidden: { it: 'Accesso negato', en: 'Access denied' },
  not_found: { it: 'Non trovato', en: 'Not found' },
  conflict: {
    it: 'Operazione in conflitto con lo stato attuale',
    en: 'This conflicts with the current state',
  },
  payload_too_large: { it: 'Il file è troppo grande', en: 'The file is too large' },
  body_too_large: {
    it: 'I dati inviati sono troppo grandi (al massimo {{max_kb}} KB)',
    en: 'The data sent is too large (at most {{max_kb}} KB)',
  },
  unsupported_media_type: { it: 'Formato non supportato', en: 'Unsupported format' },
  rate_limited: {
    it: 'Troppe richieste: riprova tra {{retry_after_s}} secondi',
    en: 'Too many requests, please try again in {{retry_after_s}} seconds',
  },
  internal: { it: 'Errore imprevisto', en: 'Unexpected error' },
  unavailable: {
    it: 'Servizio non disponibile, riprova',
    en: 'Service unavailable, please try again',
  },
  database_unavailable: {
    it: 'Servizio momentaneamente non disponibile: riprova tra {{retry_after_s}} secondi',
    en: 'Service briefly unavailable, please try again in {{retry_after_s}} seconds',
  },
  network: {
    it: 'Connessione assente: controlla la rete e riprova',
    en: 'No connection: check your network and try again',
  },

  // Accounts and access.
  csrf_header_missing: INVALID_REQUEST,
  sign_in_failed: both('Invalid email or password'),
  account_inactive: both('Your account is inactive'),
  profile_missing: both('Unable to load user profile. This may be a permissions issue.'),
  too_many_sign_ins: {
    it: 'Troppi tentativi di accesso falliti: riprova tra {{retry_after_s}} secondi',
    en: 'Too many failed sign-in attempts: please try again in {{retry_after_s}} seconds',
  },
  too_many_reset_requests: both('Too many password reset requests. Please try again later.'),
  reset_link_invalid: both('Invalid reset link. Please request a new password reset.'),
  password_too_short: both('Password must be at least {{min}} characters long'),
  // Tenants.
  tenant_not_found: { it: 'Tenant non trovato', en: 'Tenant not found' },
  tenant_unavailable: {
    it: 'Questo servizio non è al momento disponibile',
    en: 'This service is not available at the moment',
  },
  // Uploads.
  multipart_required: {
    it: 'Invia il modulo come multipart/form-data',
    en: 'Send the form as multipart/form-data',
  },
  form_file_unexpected: {
    it: 'File inatteso nel campo "{{field}}"',
    en: 'Unexpected file field "{{field}}"',
  },
  form_data_missing: INVALID_FORM,
  form_data_invalid: INVALID_FORM,
  image_missing: { it: 'Scegli un file immagine', en: 'Choose an image file' },
  image_type_refused: {
    it: "{{field}}: il file deve essere un'immagine ({{allowed}})",
    en: '{{field}}: the file must be an image ({{allowed}})',
  },
  image_too_large: {
    it: "{{field}}: l'icona supera {{max_kb}} KB",
    en: '{{field}}: the icon is larger than {{max_kb}} KB',
  },
  file_not_found: { it: 'File non trovato', en: 'File not found' },

  // Routes, price lists, access codes, route JSON (its issues have their own texts below).
  route_not_found: { it: 'Percorso non trovato', en: 'Route not found' },
  // Players and the route choice.
  player_session_invalid: { it: 'Sessione non valida', en: 'Invalid session' },
  team_name_required: {
    it: 'Il nome della squadra è obbligatorio',
    en: 'The team name is required',
  },
  registration_not_found: { it: 'Registrazione non trovata', en: 'Registration not found' },
  verification_token_invalid: {
    it: 'Token di verifica non valido',
    en: 'Invalid verification token',
  },
  verification_token_not_found: {
    it: 'Token di verifica non trovato',
    en: 'Verification token not found',
  },
  verification_token_expired: {
    it: 'Il token di verifica è scaduto',
    en: 'The verification token has expired',
  },
  // The spec's superadmin panel speaks English; the provider's reason follows its text.
  email_already_verified: {
    it: 'Questa email è già stata verificata',
    en: 'This e-mail has already been verified',
  },
  verification_mail_failed: {
    it: "Errore durante l'invio della email di verifica",
    en: 'Failed to send verification email',
  },
  too_many_verification_mails: {
    it: 'Troppe richieste per questa email: riprova più tardi',
    en: 'Too many requests for this e-mail: please try again later',
  },
  verification_not_needed: {
    it: 'Questa email non ha bisogno di verifica: torna alla registrazione',
    en: 'This e-mail needs no verification: go back to the registration',
  },
  route_unavailable: {
    it: 'Questo gioco non è attualmente disponibile',
    en: 'This game is not available at the moment',
  },
  route_without_price: {
    it: 'Nessun prezzo disponibile per questo periodo',
    en: 'No price available for this period',
  },
  access_code_missing: { it: 'Inserisci un codice di accesso', en: 'Enter an access code' },
  access_code_invalid: {
    it: 'Codice non valido per questa route',
    en: 'Invalid code for this route',
  },
  access_code_used: {
    it: 'Questo codice è già stato utilizzato',
    en: 'This code has already been used',
  },

  // Payments.
  discount_code_invalid: {
    it: 'Codice sconto non valido',
    en: 'Invalid discount code',
  },
  payments_not_connected: {
    it: "I pagamenti online non sono attivi: chiedi all'organizzatore",
    en: 'Online payments are not active: please ask the organiser',
  },
  payment_provider_failed: {
    it: 'Il servizio di pagamento non ha risposto: riprova tra poco',
    en: 'The payment service did not answer: please try again shortly',
  },
  payment_webhook_refused: {
    it: 'Notifica di pagamento rifiutata',
    en: 'Payment notification refused',
  },
  route_payment_refunded: {
    it: 'Il pagamento di questa route è stato rimborsato: per giocarla di nuovo scegli la route e paga',
    en: 'The payment for this route was refunded: to play it again, choose the route and pay',
  },

  // Games.
  game_not_found: { it: 'Gioco non trovato', en: 'Game not found' },
  step_not_found: { it: 'Tappa non trovata', en: 'Step not found' },
  game_over: { it: 'Il gioco è già terminato', en: 'The game is already over' },
  step_done: { it: 'Questa tappa è già stata completata', en: 'This step is already completed' },
  step_not_current: {
    it: 'Non è la tappa in corso: rispondi prima alla tappa {{step_number}}',
    en: 'This is not the current step: answer step {{step_number}} first',
  },
  skip_not_allowed: {
    it: 'Si possono saltare solo le tappe dei percorsi progressivi',
    en: 'Only steps of progressive routes can be skipped',
  },
  finish_not_allowed: {
    it: 'Solo i percorsi di esplorazione si concludono senza rispondere',
    en: 'Only exploration routes can be finished without answering',
  },
  position_missing: { it: 'Posizione non disponibile', en: 'Position not available' },
  photo_missing: { it: 'Scatta una foto', en: 'Take a photo' },
  photo_not_found: { it: 'Foto non trovata', en: 'Photo not found' },
  too_many_tries: {
    it: 'Troppi tentativi: riprova tra {{retry_after_s}} secondi',
    en: 'Too many tries: try again in {{retry_after_s}} seconds',
  },

  // Messages during the event (decision 0084).
  message_rate_limited: {
    it: 'Troppi messaggi: puoi scrivere di nuovo tra {{retry_after_s}} secondi',
    en: 'Too many messages: you can write again in {{retry_after_s}} seconds',
  },
  // Another phone of the team (decision 0066).
  handoff_code_invalid: {
    it: "Codice non valido: controlla i 6 caratteri sull'altro telefono",
    en: 'Invalid code: check the 6 characters on the other phone',
  },
  handoff_code_used: {
    it: "Questo codice è già stato usato: chiedine uno nuovo sull'altro telefono",
    en: 'This code has already been used: ask the other phone for a new one',
  },
  handoff_code_expired: {
    it: "Il codice è scaduto: chiedine uno nuovo sull'altro telefono",
    en: 'The code has expired: ask the other phone for a new one',
  },
  handoff_game_finished: {
    it: 'Questo gioco è già terminato',
    en: 'This game has already finished',
  },
  // The photo album (decision 0082).
  album_empty: { it: 'Non ci sono foto da scaricare', en: 'There are no photos to download' },

  // Scoreboards.
  too_many_streams: {
    it: 'Troppe classifiche aperte da questo indirizzo',
    en: 'Too many open scoreboards from this address',
  },
} satisfies Partial<Record<ApiErrorCode, Texts>>;

/**
 * The `errors` section every page's catalogue has, in one language: a text per public error code
 * (`errors.<code>`), per image field (`errors.image_fields.<field>`) and per try reason
 * (`errors.try_reasons.<reason>`).
 */
export function errorTexts(language: Language) {
  return {
    ...textsIn(PUBLIC_CODE_TEXTS, language),
    image_fields: textsIn(IMAGE_FIELD_TEXTS, language),
    try_reasons: textsIn(TRY_REASON_TEXTS, language),
  };
}
