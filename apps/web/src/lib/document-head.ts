import { useEffect } from 'react';

/** What `useDocumentHead` sets while the calling component is mounted. */
export interface DocumentHead {
  title?: string | null;
  faviconUrl?: string | null;
  /** The web app manifest linked (`<link rel="manifest">`), e.g. a tenant's installable player. */
  manifestUrl?: string | null;
}

/**
 * Sets the document title, favicon and manifest while mounted and restores the previous ones
 * afterwards.
 */
export function useDocumentHead({ title, faviconUrl, manifestUrl }: DocumentHead): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!faviconUrl) return;
    const existing = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const link = existing ?? document.createElement('link');
    const previous = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    if (!existing) {
      link.rel = 'icon';
      document.head.append(link);
    }
    link.removeAttribute('type');
    link.href = faviconUrl;
    return () => {
      if (!existing) {
        link.remove();
        return;
      }
      if (previous.href === null) link.removeAttribute('href');
      else link.setAttribute('href', previous.href);
      if (previous.type !== null) link.setAttribute('type', previous.type);
    };
  }, [faviconUrl]);

  useEffect(() => {
    if (!manifestUrl) return;
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = manifestUrl;
    document.head.append(link);
    return () => link.remove();
  }, [manifestUrl]);
}
