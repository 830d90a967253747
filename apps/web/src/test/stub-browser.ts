import { vi } from 'vitest';

/** Stubs `window.alert` and `window.confirm` (answering `confirmAnswer`). */
export function stubDialogs(confirmAnswer = true) {
  return {
    alert: vi.spyOn(window, 'alert').mockImplementation(() => undefined),
    confirm: vi.spyOn(window, 'confirm').mockImplementation(() => confirmAnswer),
  };
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
