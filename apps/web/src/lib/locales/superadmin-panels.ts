import type { AuditAction } from '@tappa/contracts';

/**
 * Texts of the superadmin's panels (issue 13): the spec gives these administration screens in
 * English only, so both catalogues share these words.
 */

/** Manage Users: the table, the status button, the create and edit dialog. */
export const SUPERADMIN_USERS_TEXTS = {
  create: 'New User',
  createTitle: 'New Superadmin User',
  editTitle: 'Edit Superadmin User',
  columns: {
    email: 'E-mail',
    displayName: 'Display name',
    created: 'Created date',
    status: 'Status',
    actions: 'Actions',
  },
  noUsers: 'No superadmin users found',
  deactivateOf: 'Active: deactivate {{email}}',
  activateOf: 'Inactive: activate {{email}}',
  editOf: 'Edit user {{email}}',
  deleteOf: 'Delete user {{email}}',
  confirmDelete: 'Delete the superadmin user "{{email}}"? This cannot be undone.',
  email: 'E-mail',
  emailFixed: 'The e-mail cannot be changed',
  password: 'Password',
  newPassword: 'New password',
  passwordHint: 'At least {{min}} characters',
  keepPassword: 'Leave blank to keep the current password (at least {{min}} characters)',
  displayName: 'Display name',
  createSubmit: 'Create User',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  close: 'Close',
};

/** Settings: the mail provider's key, the sender and the test e-mail. */
export const EMAIL_SETTINGS_TEXTS = {
  sendingTitle: 'E-mail sending (SMTP2GO)',
  apiKey: 'API key',
  apiKeyHint: 'The API key of your SMTP2GO account',
  savedKey: 'Saved key: {{masked}}',
  savedKeyHint: 'The saved key is never shown: enter it again to save the settings',
  senderEmail: 'Sender e-mail',
  senderHint: 'It must be a sender verified with SMTP2GO',
  save: 'Save Settings',
  saving: 'Saving...',
  testTitle: 'Test e-mail',
  testEmail: 'Recipient',
  send: 'Send Test Email',
  sending: 'Sending...',
};

/** The audit log: its table and a label per recorded action. */
export const AUDIT_LOG_TEXTS = {
  title: 'Audit Log',
  empty: 'No changes recorded yet',
  older: 'Older entries',
  columns: {
    when: 'When',
    who: 'Who (address)',
    action: 'Action',
    target: 'Target',
    details: 'Details',
  },
  actions: {
    'superadmin.create': 'Superadmin created',
    'superadmin.update': 'Superadmin edited',
    'superadmin.activate': 'Superadmin activated',
    'superadmin.deactivate': 'Superadmin deactivated',
    'superadmin.delete': 'Superadmin deleted',
    'email_settings.update': 'E-mail settings saved',
    'brand_asset.upload': 'Brand image uploaded',
    'brand_asset.remove': 'Brand image removed',
    'brand_colors.update': 'Brand colours saved',
    'tenant.create': 'Tenant created',
    'tenant.update': 'Tenant edited',
    'tenant.delete': 'Tenant deleted',
    'orphan_user.delete': 'Orphan user deleted',
    'tenant_role.grant': 'Tenant role given',
    'tenant_role.change': 'Tenant role changed',
    'tenant_role.remove': 'Tenant role removed',
    'tenant_staff.create': 'Tenant staff account created',
    'tenant_staff.grant': 'Tenant staff role given',
    'tenant_staff.update': 'Tenant staff changed',
    'tenant_staff.remove': 'Tenant staff removed',
    'team.erase': "Team's data erased on request",
    'payment_settings.connect': 'Tenant Stripe account connected',
    'payment_settings.disconnect': 'Tenant Stripe account disconnected',
    'payment.refund': "Team's payment refunded",
    'live.points': "Team's points adjusted",
    'live.undo': 'Points adjustment undone',
    'live.help': 'Team helped from the live console',
    'live.settings': "Route's stuck minutes changed",
    'live.freeze': 'Route standings frozen',
    'live.reveal': 'Route standings revealed',
    'live.pause': 'Route paused for every team',
    'live.resume': 'Route resumed for every team',
    'live.end': 'Route ended for every team',
    'backup.create': 'Backup written',
    'backup.download': 'Backup download link given',
    'backup.delete': 'Backup deleted',
    'review.decide': 'Answer reviewed',
    'review.undo': 'Review decision undone',
    'review.hide': 'Photo taken off the wall',
    'message.send': 'Message sent to teams',
    'message.schedule': 'Message scheduled',
    'message.cancel': 'Scheduled message cancelled',
    'message.reply': "Reply in a team's thread",
  } satisfies Record<AuditAction, string>,
};

/** Backup (issue 32): the archives of the whole platform, the daily schedule. */
export const BACKUPS_TEXTS = {
  title: 'Backup',
  schedule: 'A backup is written every day at {{time}} UTC; the last {{keep}} are kept.',
  scheduleOff: 'The daily backup is off (BACKUP_TIME=off).',
  targetFolder: "Archives are kept in the server's backup folder (BACKUP_DIR).",
  targetS3: 'Archives are kept in the S3 bucket BACKUP_S3_BUCKET.',
  encrypted: 'New archives are encrypted (BACKUP_ENCRYPTION_KEY).',
  notEncrypted: 'New archives are not encrypted: set BACKUP_ENCRYPTION_KEY to encrypt them.',
  restoreHint:
    'Each archive holds the whole database and every stored file. To restore one, stop the server and run npm run restore -- <file> on an empty database.',
  create: 'Back up now',
  creating: 'Backing up...',
  created: 'Backup written: {{name}}',
  empty: 'No backups yet',
  columns: { created: 'Written', name: 'Archive', size: 'Size', actions: 'Actions' },
  encryptedBadge: 'encrypted',
  download: 'Download',
  downloadOf: 'Download {{name}}',
  delete: 'Delete',
  deleteOf: 'Delete {{name}}',
  confirmDelete: 'Delete the backup "{{name}}"? This cannot be undone.',
  deleted: 'Backup deleted',
  passwordTitle: 'Download a backup',
  passwordIntro: 'A backup holds personal data: enter your password again to download {{name}}.',
  password: 'Password',
  submit: 'Download',
  submitting: 'Checking...',
  cancel: 'Cancel',
  close: 'Close',
};

/** Brand Assets: the platform's logo, favicon, footer logo and colours. */
export const PLATFORM_BRAND_TEXTS = {
  logo: 'Platform logo',
  favicon: 'Favicon',
  footer_logo: 'Footer logo',
  logoHint: 'PNG, JPEG or WebP, 150x150 suggested',
  faviconHint: 'ICO or PNG',
  footer_logoHint: 'PNG, WebP or JPEG, 250x40 suggested',
  current: 'Current {{what}}',
  none: 'None set',
  fileOf: '{{what}} file',
  upload: 'Upload',
  uploading: 'Uploading...',
  uploadOf: 'Upload the {{what}}',
  remove: 'Remove',
  removeOf: 'Remove the {{what}}',
  confirmRemove: 'Remove the {{what}}? The pages will show none.',
  uploaded: '{{what}} uploaded successfully!',
  removed: '{{what}} removed successfully!',
  colorsTitle: 'Colours',
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  colorHint: 'A colour as #RRGGBB',
  colorInvalid: 'Enter a colour as #RRGGBB',
  pickerOf: '{{what}}: colour picker',
  saveColors: 'Save Colours',
  saving: 'Saving...',
  colorsSaved: 'Colours saved successfully!',
};

/**
 * Orphan Users: the table, the delete confirmation and the rescue dialog (the spec's own texts
 * 'No orphan users found', 'User deleted successfully!' and 'Failed to delete user: …' are under
 * `superadmin`).
 */
export const ORPHAN_USERS_TEXTS = {
  columns: {
    id: 'ID',
    email: 'E-mail',
    displayName: 'Display name',
    created: 'Created date',
    active: 'Active',
    actions: 'Actions',
  },
  deleteOf: 'Delete user {{email}}',
  confirmDelete: 'Delete the user "{{email}}"? The account cannot sign in any more.',
  assign: 'Assign to tenant',
  // Holds the button's visible text, as axe's label-content-name-mismatch asks (0068).
  assignOf: 'Assign to tenant: {{email}}',
  assignTitle: 'Assign {{email}} to a tenant',
  tenant: 'Tenant',
  chooseTenant: 'Choose a tenant',
  role: 'Role',
  submit: 'Assign',
  submitting: 'Assigning...',
  cancel: 'Cancel',
  close: 'Close',
  assigned: '{{email}} now has a role in {{tenant}}',
};

/** A tenant's Roles dialog: the accounts with a role there, the add form, the removal. */
export const TENANT_ROLES_TEXTS = {
  action: 'Roles',
  actionOf: 'Roles of {{name}}',
  title: 'Roles: {{name}}',
  intro:
    "Accounts of other tenants (or of none) with a role here. The tenant's own admins are not listed.",
  columns: { email: 'E-mail', name: 'Name', role: 'Role', active: 'Active', actions: 'Actions' },
  none: 'No accounts with a role in this tenant',
  addTitle: 'Add a role',
  email: 'Account e-mail',
  role: 'Role',
  roleOf: 'Role of {{email}}',
  add: 'Add role',
  adding: 'Adding...',
  remove: 'Remove',
  removeOf: 'Remove the role of {{email}}',
  confirmRemove:
    'Remove the role of "{{email}}" in "{{name}}"? The account no longer enters this tenant.',
  saved: 'Role saved',
  removed: 'Role removed',
  close: 'Close',
};
