import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities identity records (webhook topics). A workspace is deleted with its activities. */
export const identityActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'User',
    noun: 'a user',
    properties: [
      'username',
      'email',
      'firstname',
      'lastname',
      'displayName',
      'picture',
      'apps',
      'role',
      'externalReference',
    ],
  },
  {
    entityType: 'ClientLogin',
    noun: 'a client login',
    properties: ['username', 'email', 'displayName', 'status', 'externalReference'],
    // Shopper accounts (docs/security.md, "Shopper accounts"): the deliveries of the three events
    // marked † carry `data.token`, the raw token, for the shop's mailer; the activities never do.
    events: {
      ClientLoginInvited:
        'An Admin invited an email to register († token; entityId is the invitation, not a client login)',
      ClientLoginEmailVerificationRequested: 'A self-registered shopper must verify the email († token)',
      ClientLoginEmailVerified: 'A shopper verified the email',
      ClientLoginPasswordResetRequested:
        'A password reset was requested for an active client login († token)',
      ClientLoginPasswordReset: 'A shopper set a new password with a reset token (its sessions ended)',
      ClientLoginRegistrationAttempted:
        'Someone tried to register with the email of this client login (tell the owner: log in or reset the password)',
    },
  },
  {
    entityType: 'Workspace',
    noun: 'the workspace',
    changes: ['created', 'updated'],
    properties: [
      'name',
      'description',
      'imageUrl',
      'defaultCurrency',
      'defaultLanguage',
      'externalReference',
      'shopperRegistration',
    ],
  },
  {
    entityType: 'ApiKey',
    noun: 'an API key',
    changes: ['created'],
    events: { ApiKeyRevoked: 'An Admin revoked an API key (refused from the next request on)' },
  },
];
