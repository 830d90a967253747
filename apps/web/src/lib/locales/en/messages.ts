import type { Catalogue } from '../it';

/** English texts of the team's messages. */
export const enMessages = {
  messages: {
    title: 'Messages',
    unread_one: '{{count}} unread',
    unread_other: '{{count}} unread',
    staff: 'Organiser',
    team: 'You',
    read: 'I have read it',
    close: 'Close',
    empty: 'No messages',
    write: 'Write to the organiser',
    send: 'Send',
  },
} satisfies Pick<Catalogue, 'messages'>;
