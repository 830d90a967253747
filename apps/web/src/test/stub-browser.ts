import { vi } from 'vitest';
import { dialogs, toasts } from '../lib/dialogs';

/**
 * Stubs the app's confirmations (answering `confirmAnswer`) and toasts: `alert` records the text
 * of every toast, success or error (they replaced `window.alert`).
 */
export function stubDialogs(confirmAnswer = true) {
  const alert = vi.fn<(text: string) => void>();
  vi.spyOn(toasts, 'success').mockImplementation(alert);
  vi.spyOn(toasts, 'error').mockImplementation(alert);
  return { alert, confirm: vi.spyOn(dialogs, 'confirm').mockResolvedValue(confirmAnswer) };
}

/** Stubs object URLs and link clicks; records every download as its file name and Blob. */
export function stubDownloads() {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = vi.fn((object: Blob | MediaSource) => {
    const url = `blob:test/${next++}`;
    // A fetched Blob comes from Node's fetch, not jsdom: tell it by shape, not by class.
    if ('size' in object) blobs.set(url, object);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}
