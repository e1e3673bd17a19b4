import { defineService } from '@lipcast/nest-kit';
import { AdminUsersController } from './admin/admin-users.controller';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysService } from './api-keys/api-keys.service';
import { ormConfig } from './mikro-orm.config';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/** Users, the identities they sign in with, and their API keys. */
export const authService = defineService({
  name: 'auth',
  ormConfig,
  controllers: [UsersController, AdminUsersController, ApiKeysController],
  providers: [UsersService, ApiKeysService],
});
