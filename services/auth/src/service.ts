import { defineService, ServiceClientModule } from '@lipcast/nest-kit';
import { AdminUsersController } from './admin/admin-users.controller';
import { ApiKeyInvalidations } from './api-keys/api-key-invalidations';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { ormConfig } from './mikro-orm.config';
import { AuthSettings } from './settings';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

/** Users, the identities they sign in with, and their API keys. */
export const authService = defineService({
  name: 'auth',
  ormConfig,
  settings: AuthSettings,
  // Asks billing for the free generations a deleted account used, and tells it when that identity returns;
  // tells the gateways when API keys stop working (`ApiKeyInvalidations`).
  imports: (settings) => [ServiceClientModule.forRoot({ url: settings.NATS_URL, credentials: settings, role: 'auth', name: 'lipcast-auth-client' })],
  controllers: [UsersController, AdminUsersController, ApiKeysController],
  providers: [UsersRepository, UsersService, ApiKeysRepository, ApiKeysService, ApiKeyInvalidations],
});
