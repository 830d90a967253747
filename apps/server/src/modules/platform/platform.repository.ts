import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { appSecrets, emailSettings, PLATFORM_ROW_ID, superadminBrand } from '../../db/schema';

/** The platform's e-mail settings row, or null before the superadmin saves any. */
export async function findEmailSettings(db: Db) {
  const [row] = await db.global
    .selectFrom(emailSettings)
    .where(eq(emailSettings.id, PLATFORM_ROW_ID))
    .limit(1);
  return row ?? null;
}

/** The platform brand row, or null before the superadmin saves one. */
export async function findPlatformBrand(db: Db) {
  const [row] = await db.global
    .selectFrom(superadminBrand)
    .where(eq(superadminBrand.id, PLATFORM_ROW_ID))
    .limit(1);
  return row ?? null;
}

/** The columns of the platform brand a superadmin sets. */
export type PlatformBrandValues = Partial<
  Pick<
    typeof superadminBrand.$inferInsert,
    'logo_url' | 'favicon_url' | 'footer_logo_url' | 'primary_color' | 'secondary_color'
  >
> & { updated_at: Date };

/** Stores brand columns, creating the one row (with the default colours) on first save. */
export async function savePlatformBrand(db: Db, values: PlatformBrandValues): Promise<void> {
  await db.global
    .insert(superadminBrand)
    .values({ id: PLATFORM_ROW_ID, ...values })
    .onConflictDoUpdate({ target: superadminBrand.id, set: values });
}

/**
 * The platform secret `name`, generated and stored on first use (the first writer wins, so
 * every instance on one PostgreSQL signs with the same key).
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db.global
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.global.selectFrom(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}

/** Stores the e-mail settings (the key already encrypted), creating the row on first save. */
export async function saveEmailSettings(
  db: Db,
  values: { smtp2go_api_key: string; sender_email: string; updated_at: Date },
): Promise<void> {
  await db.global
    .insert(emailSettings)
    .values({ id: PLATFORM_ROW_ID, ...values })
    .onConflictDoUpdate({ target: emailSettings.id, set: values });
}
