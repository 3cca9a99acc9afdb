import { Module } from '@nestjs/common';
import { I18nModule } from '../i18n/i18n.module';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { Env } from '../config/env';
import { resolveJwtSecret } from '../platform/auth/jwt-secret';
import { FileReferences } from '../platform/storage/uploads';
import { ActivityTypes } from '../platform/activity/activity-types';
import { identityActivityTypes } from './identity.activity-types';
import { ApiKeyAuthentication } from '../platform/auth/api-key-authentication';
import { ApiKeyCache, ApiKeyVerification } from './api-keys/api-key-verifier';
import { ApiKeysCoreController } from './api-keys/api-keys.core.controller';
import { ApiKeysService } from './api-keys/api-keys.service';
import { AppsCoreController } from './apps/apps.core.controller';
import { AuthCoreController } from './auth/auth.core.controller';
import { AuthService } from './auth/auth.service';
import { JWT_SECRET } from './auth/auth.tokens';
import { JwtStrategy } from './auth/jwt.strategy';
import { LoginThrottlerGuard } from './auth/login-throttler';
import { MeCommerceController } from './auth/me.commerce.controller';
import { MeService } from './auth/me.service';
import { BootstrapAdmin } from './bootstrap-admin';
import { ClientLoginsCoreController } from './client-logins/client-logins.core.controller';
import { ClientLoginsService } from './client-logins/client-logins.service';
import { ClientLoginInvitationsCoreController } from './shopper-accounts/client-login-invitations.core.controller';
import { ShopperAccountsCommerceController } from './shopper-accounts/shopper-accounts.commerce.controller';
import { ShopperAccountsService } from './shopper-accounts/shopper-accounts.service';
import { UsersCoreController } from './users/users.core.controller';
import { UsersService } from './users/users.service';
import { WorkspacesCoreController } from './workspaces/workspaces.core.controller';
import { workspaceFileReferences, WorkspacesService } from './workspaces/workspaces.service';

const jwtSecret = { provide: JWT_SECRET, inject: [Env], useFactory: resolveJwtSecret };

@Module({
  imports: [
    I18nModule,
    PassportModule,
    JwtModule.registerAsync({
      extraProviders: [jwtSecret],
      inject: [JWT_SECRET],
      useFactory: (secret: string) => ({ secret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [
    AuthCoreController,
    ShopperAccountsCommerceController,
    MeCommerceController,
    UsersCoreController,
    ClientLoginInvitationsCoreController,
    ClientLoginsCoreController,
    WorkspacesCoreController,
    AppsCoreController,
    ApiKeysCoreController,
  ],
  providers: [
    jwtSecret,
    AuthService,
    MeService,
    JwtStrategy,
    LoginThrottlerGuard,
    UsersService,
    ClientLoginsService,
    ShopperAccountsService,
    WorkspacesService,
    BootstrapAdmin,
    ApiKeysService,
    ApiKeyCache,
    ApiKeyVerification,
  ],
  exports: [AuthService, UsersService, WorkspacesService, ClientLoginsService],
})
export class IdentityModule {
  constructor(
    files: FileReferences,
    activityTypes: ActivityTypes,
    apiKeys: ApiKeyAuthentication,
    verification: ApiKeyVerification,
  ) {
    activityTypes.declare(...identityActivityTypes);
    apiKeys.use(verification);
    files.register(...workspaceFileReferences);
  }
}
