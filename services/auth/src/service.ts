import { defineService } from '@lipcast/nest-kit';
import { AdminUsersController } from './admin/admin-users.controller';
import { ormConfig } from './mikro-orm.config';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/** Users and the identities they sign in with. */
export const authService = defineService({ name: 'auth', ormConfig, controllers: [UsersController, AdminUsersController], providers: [UsersService] });
