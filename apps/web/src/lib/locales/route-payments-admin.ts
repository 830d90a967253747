/**
 * Texts of a route's payments dialog in Manage Routes (issue 17, decision 0046): the spec has
 * no such screen, so these are ours. Italian page, English translation.
 */
export const ROUTE_PAYMENTS_IT = {
  open: 'Pagamenti',
  title: 'Pagamenti',
  close: 'Chiudi',
  routeLabel: 'Route: {{title}}',
  empty: 'Nessun pagamento per questa route',
  loadError: 'Errore nel caricamento dei pagamenti: {{msg}}',
  exportCsv: 'Esporta CSV',
  exportError: "Errore nell'esportazione dei pagamenti: {{msg}}",
  columns: {
    team: 'Squadra',
    email: 'Email',
    amount: 'Importo',
    discount: 'Sconto',
    status: 'Stato',
    date: 'Data',
    actions: 'Azioni',
  },
  listPrice: 'Prezzo di listino {{amount}}',
  refundedAmount: 'Rimborsati {{amount}}',
  statuses: {
    pending: 'In attesa',
    completed: 'Completato',
    failed: 'Non riuscito',
    refunded: 'Rimborsato',
  },
  refund: 'Rimborsa',
  refundLabel: 'Rimborsa il pagamento di {{team}}',
  refunding: 'Rimborso...',
  confirmRefund:
    'Rimborsare {{amount}} a {{team}} tramite Stripe? La squadra non potrà più iniziare né riprendere questa route senza pagarla di nuovo. Il rimborso non si può annullare.',
  refunded: 'Pagamento di {{team}} rimborsato',
  refundError: 'Rimborso non riuscito: {{msg}}',
  // A payment kept, anonymised, after its team's data was erased (decision 0057).
  erasedTeam: 'Squadra cancellata',
  erasedRefundLabel: 'Rimborsa il pagamento della squadra cancellata',
  confirmErasedRefund:
    'Rimborsare {{amount}} tramite Stripe? La squadra che ha pagato è stata cancellata: il denaro torna al metodo di pagamento che ha usato. Il rimborso non si può annullare.',
  erasedRefunded: 'Pagamento della squadra cancellata rimborsato',
};

/** English texts of the payments dialog, same keys as the Italian ones. */
export const ROUTE_PAYMENTS_EN = {
  open: 'Payments',
  title: 'Payments',
  close: 'Close',
  routeLabel: 'Route: {{title}}',
  empty: 'No payments for this route',
  loadError: 'Error loading the payments: {{msg}}',
  exportCsv: 'Export CSV',
  exportError: 'Error exporting the payments: {{msg}}',
  columns: {
    team: 'Team',
    email: 'Email',
    amount: 'Amount',
    discount: 'Discount',
    status: 'Status',
    date: 'Date',
    actions: 'Actions',
  },
  listPrice: 'List price {{amount}}',
  refundedAmount: 'Refunded {{amount}}',
  statuses: {
    pending: 'Pending',
    completed: 'Completed',
    failed: 'Failed',
    refunded: 'Refunded',
  },
  refund: 'Refund',
  refundLabel: "Refund {{team}}'s payment",
  refunding: 'Refunding...',
  confirmRefund:
    'Refund {{amount}} to {{team}} through Stripe? The team will no longer start or resume this route without paying again. A refund cannot be undone.',
  refunded: "{{team}}'s payment refunded",
  refundError: 'Refund failed: {{msg}}',
  erasedTeam: 'Erased team',
  erasedRefundLabel: "Refund the erased team's payment",
  confirmErasedRefund:
    'Refund {{amount}} through Stripe? The team that paid was erased: the money goes back to the payment method it used. A refund cannot be undone.',
  erasedRefunded: "The erased team's payment refunded",
};
