import { createElement, type ReactNode } from 'react';

/** The markup rich text may hold (the server keeps only these, decision 0033). */
const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u']);

/** React nodes of the children of `node`: allowed elements kept bare, text as text, nothing else. */
function toNodes(node: Node): ReactNode[] {
  return [...node.childNodes].map((child, index): ReactNode => {
    if (child.nodeType === Node.TEXT_NODE) return child.textContent;
    if (child.nodeType !== Node.ELEMENT_NODE) return null;
    const tag = child.nodeName.toLowerCase();
    const children = toNodes(child);
    if (!ALLOWED.has(tag)) return children;
    return tag === 'br'
      ? createElement('br', { key: index })
      : createElement(tag, { key: index }, ...children);
  });
}

/** Props of `RichText`. */
export interface RichTextProps {
  html: string;
  className?: string;
}

/**
 * Shows a tenant's rich text (payoff, description). The server has sanitised it already; here it
 * is parsed without running anything and rebuilt from text and the allowed tags only, never
 * inserted as HTML, so a stored script could not run even if one got past the server.
 */
export function RichText({ html, className }: RichTextProps) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className={className}>{toNodes(body)}</div>;
}
