import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { z } from 'zod';
import { HexColorSchema } from './tenants';

/** Longest mail provider API key accepted (SMTP2GO keys are about 40 characters). */
export const MAIL_API_KEY_MAX_LENGTH = 200;

/**
 * `emailSettings.read`: the sender and whether a key is stored, shown masked
 * (`••••1234`); the key itself never leaves the server.
 */
export const EmailSettingsSchema = z.object({
  sender_email: z.string().nullable(),
  api_key_set: z.boolean(),
  api_key_masked: z.string().nullable(),
});
export type EmailSettingsView = z.infer<typeof EmailSettingsSchema>;

/** `emailSettings.save`: both the provider's API key and the sender are required. */
export const EmailSettingsWriteSchema = z.object({
  // Printable ASCII without spaces: the key travels in an HTTP header.
  api_key: z
    .string()
    .min(1)
    .max(MAIL_API_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/),
  sender_email: z.email().max(EMAIL_MAX_LENGTH),
});
export type EmailSettingsWrite = z.infer<typeof EmailSettingsWriteSchema>;

/** `emailSettings.test`: the recipient of the test e-mail. */
export const TestEmailSchema = z.object({ test_email: z.email().max(EMAIL_MAX_LENGTH) });
export type TestEmail = z.infer<typeof TestEmailSchema>;

/** The ways the server sends e-mail: the SMTP2GO API, an SMTP server, or the local outbox. */
export const MAIL_TRANSPORTS = ['smtp2go', 'smtp', 'outbox'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];

/** The test e-mail's answer: sent, and through which transport (decision 0059). */
export const TestEmailResultSchema = z.object({
  ok: z.literal(true),
  transport: z.enum(MAIL_TRANSPORTS),
});
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;

/**
 * The platform brand's images (doc 1 §2 Brand Assets panel), each uploaded to
 * `platformBrand.uploadAsset` and removed with `platformBrand.removeAsset`.
 */
export const BRAND_ASSETS = ['logo', 'favicon', 'footer_logo'] as const;
export const BrandAssetSchema = z.enum(BRAND_ASSETS);
export type BrandAsset = z.infer<typeof BrandAssetSchema>;

/** `platformBrand.saveColors`: the platform's primary and secondary colours. */
export const BrandColorsSchema = z.object({
  primary_color: HexColorSchema,
  secondary_color: HexColorSchema,
});
export type BrandColors = z.infer<typeof BrandColorsSchema>;
