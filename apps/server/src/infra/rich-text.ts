import sanitizeHtml from 'sanitize-html';

/**
 * The rich text of a tenant's payoff and description (doc 1 §3): paragraphs and line breaks with
 * bold, italic and underline, nothing else: no attributes, no links, no styles. `b` and `i` read
 * as `strong` and `em`; the text of script, style and similar elements is dropped.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u'],
  allowedAttributes: {},
  transformTags: { b: 'strong', i: 'em' },
  disallowedTagsMode: 'discard',
};

/** Rich text as the server stores it; null when nothing readable is left. */
export function sanitizeRichText(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, RICH_TEXT).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} });
  return text.trim() === '' ? null : clean;
}
