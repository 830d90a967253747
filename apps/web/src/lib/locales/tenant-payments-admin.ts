/**
 * Texts of the Payments tab of the tenant settings (`/{slug}/settings?tab=payments`, decision
 * 0043): the spec has no such screen, so these are ours. Italian page, English translation.
 */
export const TENANT_PAYMENTS_IT = {
  title: 'Pagamenti',
  intro:
    'Collega il tuo account Stripe: le squadre pagheranno le route a pagamento direttamente su questo account.',
  status: 'Stato',
  notConnected: 'Non collegato',
  connectedTest: 'Collegato (test)',
  connectedLive: 'Collegato (live)',
  keyHint: 'Chiave: {{hint}}',
  updatedAt: 'Ultima modifica: {{when}}',
  testModeNote:
    'In modalità test non ci sono addebiti reali: si paga solo con le carte di prova di Stripe.',
  keysTitle: 'Chiavi Stripe',
  secretKey: 'Chiave segreta',
  secretKeyHint:
    'In Stripe: Sviluppatori › Chiavi API. Inizia con sk_test_ o sk_live_ (rk_ per una chiave con restrizioni).',
  webhookSecret: 'Segreto di firma del webhook',
  webhookSecretHint: "In Stripe, nella pagina dell'endpoint webhook. Inizia con whsec_.",
  savedKeysNote:
    'Le chiavi salvate non vengono mai mostrate: per cambiarle inseriscile di nuovo entrambe.',
  invalidSecretKey:
    'Inserisci una chiave segreta Stripe (sk_test_…, sk_live_…, rk_test_… o rk_live_…)',
  invalidWebhookSecret: 'Inserisci il segreto di firma del webhook (whsec_…)',
  connect: 'Collega Stripe',
  saveKeys: 'Salva le chiavi',
  saving: 'Salvataggio...',
  connected: 'Account Stripe collegato!',
  disconnect: 'Scollega Stripe',
  disconnecting: 'Scollegamento...',
  confirmDisconnect:
    "Scollegare l'account Stripe? Le squadre non potranno pagare le route a pagamento finché non lo colleghi di nuovo.",
  disconnected: 'Account Stripe scollegato',
  webhookTitle: 'Webhook',
  webhookIntro:
    'In Stripe, in Sviluppatori › Webhook, aggiungi un endpoint con questo URL e seleziona gli eventi qui sotto; poi inserisci qui il suo segreto di firma.',
  webhookUrl: 'URL del webhook',
  copyUrl: 'Copia URL',
  urlCopied: 'URL copiato negli appunti!',
  copyFailed: 'Impossibile copiare negli appunti',
  events: 'Eventi da selezionare',
  help: 'Un pagamento vale solo quando Stripe lo conferma con un evento firmato inviato a questo URL: senza il webhook le squadre pagano, ma la route non si sblocca.',
};

/** English texts of the Payments tab, same keys as the Italian ones. */
export const TENANT_PAYMENTS_EN = {
  title: 'Payments',
  intro: 'Connect your Stripe account: teams will pay for paid routes straight into it.',
  status: 'Status',
  notConnected: 'Not connected',
  connectedTest: 'Connected (test)',
  connectedLive: 'Connected (live)',
  keyHint: 'Key: {{hint}}',
  updatedAt: 'Last changed: {{when}}',
  testModeNote: "Test mode charges nothing: only Stripe's test cards are accepted.",
  keysTitle: 'Stripe keys',
  secretKey: 'Secret key',
  secretKeyHint:
    'In Stripe: Developers › API keys. It starts with sk_test_ or sk_live_ (rk_ for a restricted key).',
  webhookSecret: 'Webhook signing secret',
  webhookSecretHint: "In Stripe, on the webhook endpoint's page. It starts with whsec_.",
  savedKeysNote: 'Saved keys are never shown: to change them, enter both again.',
  invalidSecretKey: 'Enter a Stripe secret key (sk_test_…, sk_live_…, rk_test_… or rk_live_…)',
  invalidWebhookSecret: 'Enter the webhook signing secret (whsec_…)',
  connect: 'Connect Stripe',
  saveKeys: 'Save keys',
  saving: 'Saving...',
  connected: 'Stripe account connected!',
  disconnect: 'Disconnect Stripe',
  disconnecting: 'Disconnecting...',
  confirmDisconnect:
    'Disconnect the Stripe account? Teams cannot pay for paid routes until you connect it again.',
  disconnected: 'Stripe account disconnected',
  webhookTitle: 'Webhook',
  webhookIntro:
    'In Stripe, under Developers › Webhooks, add an endpoint with this URL and select the events below; then enter its signing secret here.',
  webhookUrl: 'Webhook URL',
  copyUrl: 'Copy URL',
  urlCopied: 'URL copied to clipboard!',
  copyFailed: 'Could not copy to the clipboard',
  events: 'Events to select',
  help: 'A payment counts only once Stripe confirms it with a signed event sent to this URL: without the webhook teams pay, but the route does not unlock.',
} satisfies typeof TENANT_PAYMENTS_IT;
