import type { MediaItem } from './route-json-types';
import { MEDIA_TYPES } from './route-json-types';

/** A JSON object with unknown values. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a number or a numeric string; anything else (including blank text) is null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** Reads optional text: strings are kept as written, blank or non-string values become null. */
export function toOptionalText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Reads a flag: true, 1, "1" and "true" are true; everything else is false. */
export function toFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** Reads a JSON value that may arrive as JSON text; undefined when the text is not valid JSON. */
export function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads a list of choices: a non-empty array of strings (numbers become strings), else null. */
export function toChoiceList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const list: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item === 'string') list.push(item);
    else if (typeof item === 'number' && Number.isFinite(item)) list.push(String(item));
    else return null;
  }
  return list;
}

/** Reads a media list; null when any item is malformed. */
export function toMediaList(value: unknown): MediaItem[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const items: MediaItem[] = [];
  for (const raw of value as unknown[]) {
    if (!isJsonObject(raw)) return null;
    const type = MEDIA_TYPES.find((t) => t === raw.type);
    const url = raw.url ?? '';
    const code = typeof raw.code === 'string' && raw.code.trim() !== '' ? raw.code : undefined;
    // An item needs a url, or a media-library code in which case the url may be empty.
    if (type === undefined || typeof url !== 'string' || (url.trim() === '' && !code)) return null;
    const item: MediaItem = { type, url };
    for (const key of ['caption', 'alt', 'mime_type'] as const) {
      const text = raw[key];
      if (typeof text === 'string') item[key] = text;
    }
    if (code !== undefined) item.code = code;
    items.push(item);
  }
  return items;
}

/** A text field to bound: where it is in the document, its value, and its longest length. */
export type BoundedText = readonly [path: string, value: string | null | undefined, max: number];

/** The first text longer than its limit, or null when every text fits. */
export function firstTooLong(texts: readonly BoundedText[]): { path: string; max: number } | null {
  for (const [path, value, max] of texts) {
    if (typeof value === 'string' && value.length > max) return { path, max };
  }
  return null;
}
