import { Module, type DynamicModule } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { createPingController, type ServiceSettings } from '@lipcast/nest-kit';
import { ormConfig, SERVICE } from './mikro-orm.config';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/** Users and the identities they sign in with. */
@Module({})
export class AppModule {
  static forRoot(settings: ServiceSettings): DynamicModule {
    return {
      module: AppModule,
      imports: [MikroOrmModule.forRoot(ormConfig(settings.DATABASE_URL))],
      controllers: [createPingController(SERVICE), UsersController],
      providers: [UsersService],
    };
  }
}
