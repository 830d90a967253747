import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailSettings, PLATFORM_ROW_ID, superadminBrand } from '../../db/schema';

/** The platform's e-mail settings row, or null before the superadmin saves any. */
export async function findEmailSettings(db: Database) {
  const [row] = await db
    .select()
    .from(emailSettings)
    .where(eq(emailSettings.id, PLATFORM_ROW_ID))
    .limit(1);
  return row ?? null;
}

/** The platform brand row, or null before the superadmin saves one. */
export async function findPlatformBrand(db: Database) {
  const [row] = await db
    .select()
    .from(superadminBrand)
    .where(eq(superadminBrand.id, PLATFORM_ROW_ID))
    .limit(1);
  return row ?? null;
}
