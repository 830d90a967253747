import {
  ADDRESS_MAX_LENGTH,
  CHECK_ANSWER_MAX_LENGTH,
  CHOICE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  DISCOUNT_CODE_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PAYOFF_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  ROUTE_TITLE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  STEP_CHOICES_MAX,
  TAX_ID_MAX_LENGTH,
  TEAM_MEMBERS_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TENANT_NAME_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
} from '@tappa/domain';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SubmitAnswerRequestSchema } from './gameplay';
import {
  IdentifyRequestSchema,
  RedeemCodeRequestSchema,
  RegistrationWriteSchema,
  VerifyEmailRequestSchema,
} from './play';
import { SuperadminUserCreateSchema, SuperadminUserUpdateSchema } from './platform-users';
import { PricingCreateSchema, RouteFormSchema } from './routes';
import {
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
} from './session';
import { TenantWriteSchema } from './tenants';

const text = (length: number) => 'a'.repeat(length);
const email = (length: number) => `${text(length - '@example.com'.length)}@example.com`;

const tenant = {
  name: 'Roma Quest',
  slug: null,
  primary_color: '#3B82F6',
  secondary_color: '#10B981',
  payoff: null,
  description: null,
  admin_email: 'admin@example.com',
  company_name: 'Roma Quest srl',
  address: null,
  city: null,
  postal_code: null,
  country: 'IT',
  tax_code: null,
  vat_number: null,
  sdi_code: null,
  expiry_date: null,
  is_active: true,
  phone: null,
  mobile: null,
  email: null,
  admin_password: null,
};
const route = {
  title: 'Roma',
  slug: null,
  description: null,
  access_type: 'free',
  route_type: 'progressive',
  geolocation_enabled: false,
  time_limit_enabled: false,
  time_limit_hours: 0,
  time_limit_minutes: 0,
  date_start: null,
  date_end: null,
};
const price = {
  date_from: '2026-01-01',
  time_from: '00:00',
  date_to: '2026-12-31',
  time_to: '23:59',
  cost_euro: 10,
  discount_code: null,
  discount_type: 'percentage',
  discount_percentage: null,
  discount_price: null,
};
const submission = {
  submission_id: '0b6b7a4e-4a8f-4c3e-9a59-3f0e0e2b1c11',
  answer: null,
  position: null,
  heading_deg: null,
};

type Case = [
  where: string,
  schema: z.ZodType,
  max: number,
  /** A valid request whose limited field holds the given text of the given length. */
  request: (length: number) => unknown,
];

const field =
  (base: object, key: string, value: (length: number) => unknown = text) =>
  (length: number) => ({ ...base, [key]: value(length) });

const cases: Case[] = [
  [
    'sign-in email',
    SignInRequestSchema,
    EMAIL_MAX_LENGTH,
    (n) => ({ email: email(n), password: 'x' }),
  ],
  [
    'sign-in password',
    SignInRequestSchema,
    PASSWORD_MAX_LENGTH,
    (n) => ({ email: 'a@b.it', password: text(n) }),
  ],
  [
    'forgot-password email',
    ForgotPasswordRequestSchema,
    EMAIL_MAX_LENGTH,
    (n) => ({ email: email(n) }),
  ],
  [
    'reset token',
    ResetPasswordRequestSchema,
    TOKEN_MAX_LENGTH,
    (n) => ({ token: text(n), newPassword: 'secret' }),
  ],
  [
    'reset password',
    ResetPasswordRequestSchema,
    PASSWORD_MAX_LENGTH,
    (n) => ({ token: 't', newPassword: text(n) }),
  ],
  ['tenant name', TenantWriteSchema, TENANT_NAME_MAX_LENGTH, field(tenant, 'name')],
  ['tenant slug', TenantWriteSchema, SLUG_MAX_LENGTH, field(tenant, 'slug')],
  ['tenant payoff', TenantWriteSchema, PAYOFF_MAX_LENGTH, field(tenant, 'payoff')],
  ['tenant description', TenantWriteSchema, DESCRIPTION_MAX_LENGTH, field(tenant, 'description')],
  ['tenant admin e-mail', TenantWriteSchema, EMAIL_MAX_LENGTH, field(tenant, 'admin_email', email)],
  [
    'tenant admin password',
    TenantWriteSchema,
    PASSWORD_MAX_LENGTH,
    field(tenant, 'admin_password'),
  ],
  [
    'tenant company name',
    TenantWriteSchema,
    COMPANY_NAME_MAX_LENGTH,
    field(tenant, 'company_name'),
  ],
  ['tenant address', TenantWriteSchema, ADDRESS_MAX_LENGTH, field(tenant, 'address')],
  ['tenant city', TenantWriteSchema, CITY_MAX_LENGTH, field(tenant, 'city')],
  ['tenant postal code', TenantWriteSchema, POSTAL_CODE_MAX_LENGTH, field(tenant, 'postal_code')],
  ['tenant tax code', TenantWriteSchema, TAX_ID_MAX_LENGTH, field(tenant, 'tax_code')],
  ['tenant VAT number', TenantWriteSchema, TAX_ID_MAX_LENGTH, field(tenant, 'vat_number')],
  ['tenant SDI code', TenantWriteSchema, TAX_ID_MAX_LENGTH, field(tenant, 'sdi_code')],
  ['tenant phone', TenantWriteSchema, PHONE_MAX_LENGTH, field(tenant, 'phone')],
  ['tenant mobile', TenantWriteSchema, PHONE_MAX_LENGTH, field(tenant, 'mobile')],
  ['tenant e-mail', TenantWriteSchema, EMAIL_MAX_LENGTH, field(tenant, 'email', email)],
  [
    'superadmin e-mail',
    SuperadminUserCreateSchema,
    EMAIL_MAX_LENGTH,
    (n) => ({ email: email(n), password: 'secret' }),
  ],
  [
    'superadmin password',
    SuperadminUserCreateSchema,
    PASSWORD_MAX_LENGTH,
    (n) => ({ email: 'a@b.it', password: text(n) }),
  ],
  [
    'superadmin display name',
    SuperadminUserCreateSchema,
    DISPLAY_NAME_MAX_LENGTH,
    (n) => ({ email: 'a@b.it', password: 'secret', display_name: text(n) }),
  ],
  [
    'superadmin new password',
    SuperadminUserUpdateSchema,
    PASSWORD_MAX_LENGTH,
    (n) => ({ display_name: null, password: text(n) }),
  ],
  [
    'superadmin edited display name',
    SuperadminUserUpdateSchema,
    DISPLAY_NAME_MAX_LENGTH,
    (n) => ({ display_name: text(n) }),
  ],
  ['route title', RouteFormSchema, ROUTE_TITLE_MAX_LENGTH, field(route, 'title')],
  ['route slug', RouteFormSchema, SLUG_MAX_LENGTH, field(route, 'slug')],
  ['route description', RouteFormSchema, DESCRIPTION_MAX_LENGTH, field(route, 'description')],
  ['discount code', PricingCreateSchema, DISCOUNT_CODE_MAX_LENGTH, field(price, 'discount_code')],
  ['identify e-mail', IdentifyRequestSchema, EMAIL_MAX_LENGTH, (n) => ({ email: email(n) })],
  ['verification token', VerifyEmailRequestSchema, TOKEN_MAX_LENGTH, (n) => ({ token: text(n) })],
  [
    'team name',
    RegistrationWriteSchema,
    TEAM_NAME_MAX_LENGTH,
    (n) => ({ team_name: text(n), team_members: null }),
  ],
  [
    'team members',
    RegistrationWriteSchema,
    TEAM_MEMBERS_MAX_LENGTH,
    (n) => ({ team_name: 'T', team_members: text(n) }),
  ],
  ['access code', RedeemCodeRequestSchema, TOKEN_MAX_LENGTH, (n) => ({ code: text(n) })],
  ['typed answer', SubmitAnswerRequestSchema, CHECK_ANSWER_MAX_LENGTH, field(submission, 'answer')],
  [
    'chosen answer',
    SubmitAnswerRequestSchema,
    CHOICE_MAX_LENGTH,
    field(submission, 'answer', (n) => [text(n)]),
  ],
  [
    'chosen answers',
    SubmitAnswerRequestSchema,
    STEP_CHOICES_MAX,
    field(submission, 'answer', (n) => Array<string>(n).fill('a')),
  ],
];

describe('text limits of the request schemas', () => {
  it.each(cases)('%s: takes its limit and refuses one more', (_where, schema, max, request) => {
    expect(schema.safeParse(request(max)).error).toBeUndefined();
    expect(schema.safeParse(request(max + 1)).success).toBe(false);
  });

  it('refuses a team name of a million characters by its length', () => {
    const result = RegistrationWriteSchema.safeParse({
      team_name: text(1_000_000),
      team_members: null,
    });
    expect(result.error?.issues).toMatchObject([{ code: 'too_big', path: ['team_name'] }]);
  });
});
