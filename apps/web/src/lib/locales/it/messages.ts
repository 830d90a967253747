// Messages during the event (issue 35, decision 0084): they join the phone's catalogue with the
// messages' view (`lib/messages-texts.ts`), not with the player pages' first load.

/** Italian texts of the team's messages: the banner, 'Messaggi' and the inbox. */
export const itMessages = {
  messages: {
    title: 'Messaggi',
    unread_one: '{{count}} non letto',
    unread_other: '{{count}} non letti',
    staff: 'Organizzatore',
    team: 'Voi',
    read: 'Ho letto',
    close: 'Chiudi',
    empty: 'Nessun messaggio',
    write: "Scrivi all'organizzatore",
    send: 'Invia',
  },
};
