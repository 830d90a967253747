import './message-text.css';

/** An http or https address in a text, up to the first space (or a character never in one). */
const LINK = /https?:\/\/[^\s<>"]+/g;

/** Punctuation that ends a sentence after an address rather than belonging to it. */
const TRAILING = /[.,;:!?)\]'}]+$/;

/** A piece of a message: plain text, or an address to make clickable. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** A message's text cut into plain text and its http(s) addresses, in order. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, '');
    if (href.length <= 'https://'.length) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'link', href });
    at = match.index + href.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * A message's text as text (decision 0084: never HTML), its line breaks kept and its http(s)
 * addresses clickable in a new tab that cannot reach back to this page.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ? `message-text ${className}` : 'message-text'}>
      {messageParts(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}
