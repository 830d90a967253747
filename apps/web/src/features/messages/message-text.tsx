import type { ReactNode } from 'react';

/** A web address in a message: `http(s)://` up to a space; nothing else becomes a link. */
const LINK = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence after an address, not the address. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * A message's text as text (decision 0084: never HTML), its `http(s)://` addresses as links that
 * open in a new tab without giving that page a hold on this one.
 */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, '');
    parts.push(text.slice(end, match.index));
    parts.push(
      <a key={match.index} href={href} target="_blank" rel="noopener noreferrer">
        {href}
      </a>,
    );
    end = match.index + href.length;
  }
  parts.push(text.slice(end));
  return <>{parts}</>;
}
