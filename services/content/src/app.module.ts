import { Module, type DynamicModule } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { createPingController, type ServiceSettings } from '@lipcast/nest-kit';
import { ormConfig, SERVICE } from './mikro-orm.config';
import { PostsController } from './posts/posts.controller';
import { PostsService } from './posts/posts.service';

@Module({})
export class AppModule {
  static forRoot(settings: ServiceSettings): DynamicModule {
    return {
      module: AppModule,
      imports: [MikroOrmModule.forRoot(ormConfig(settings.DATABASE_URL))],
      controllers: [createPingController(SERVICE), PostsController],
      providers: [PostsService],
    };
  }
}
