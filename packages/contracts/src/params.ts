import { z } from 'zod';
import { MANIFEST_ICON_NAMES } from './tenants';
import { BrandAssetSchema } from './platform';
import { BACKUP_NAME } from './backups';

/**
 * The schema of every path parameter the API uses, by name (decision 0060): a route's params
 * schema is made from the names in its path, so `:slug` or `:gameId` is declared here once.
 */
const PARAM_SCHEMAS = {
  /** A tenant's slug (an old slug still finds its tenant). */
  slug: z.string(),
  /** A route's slug, in the player's addresses. */
  routeSlug: z.string(),
  /** A platform brand asset (logo, favicon, footer logo). */
  asset: BrandAssetSchema,
  /** A storage bucket, in the URLs of stored files (`/files/:bucket/*`). */
  bucket: z.string(),
  /** An icon of a tenant's web app manifest. */
  name: z.enum(MANIFEST_ICON_NAMES),
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid(),
  staffId: z.uuid(),
  orphanId: z.uuid(),
  routeId: z.uuid(),
  stepId: z.uuid(),
  gameId: z.uuid(),
  gameStepId: z.uuid(),
  /** A review item (decision 0083). */
  itemId: z.uuid(),
  /** A message (decision 0084). */
  messageId: z.uuid(),
  teamId: z.uuid(),
  pricingId: z.uuid(),
  codeId: z.uuid(),
  paymentId: z.uuid(),
  folderId: z.uuid(),
  fileId: z.uuid(),
  /** A backup archive's name (the superadmin's Backup panel). */
  archive: z.string().regex(BACKUP_NAME, 'not a backup archive name'),
  /** A game event's id (the live console's ledger). */
  eventId: z.coerce.number().int().positive(),
} as const;

/** The name of a path parameter of the API. */
export type ParamName = keyof typeof PARAM_SCHEMAS;

const isParamName = (name: string): name is ParamName => name in PARAM_SCHEMAS;

/**
 * The params schema of an endpoint's path; a parameter without a schema here is an error. A
 * trailing `*` (the rest of the URL, a stored file's key) is kept as the parameter `*`.
 */
export function paramsSchemaOf(path: string): z.ZodObject {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const shape: Partial<Record<ParamName, z.ZodType>> = {};
  for (const name of names) {
    if (!isParamName(name)) throw new Error(`${path}: no schema for the parameter :${name}`);
    shape[name] = PARAM_SCHEMAS[name];
  }
  return z.object(path.endsWith('/*') ? { ...shape, '*': z.string() } : shape);
}
