import { type AnyPgColumn, bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/** A folder of a media library; `tenant_id` null is the superadmin's global library. */
export const mediaFolders = pgTable(
  'media_folders',
  {
    id: id(),
    tenant_id: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    parent_folder_id: uuid('parent_folder_id').references((): AnyPgColumn => mediaFolders.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('media_folders_tenant_parent_idx').on(t.tenant_id, t.parent_folder_id)],
);

/** A file of a media library, addressable from step media by its `unique_code`. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: id(),
    tenant_id: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    folder_id: uuid('folder_id').references(() => mediaFolders.id, { onDelete: 'cascade' }),
    storage_path: text('storage_path').notNull(),
    /** The phone-sized WebP of an image, stored next to the original (decision 0035). */
    variant_path: text('variant_path'),
    filename: text('filename').notNull(),
    mime_type: text('mime_type'),
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    description: text('description'),
    unique_code: text('unique_code').notNull().unique(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('media_files_tenant_folder_idx').on(t.tenant_id, t.folder_id)],
);
