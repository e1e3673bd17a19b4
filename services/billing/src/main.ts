import 'reflect-metadata';
import { runService } from '@lipcast/nest-kit';
import { AppModule } from './app.module';
import { SERVICE } from './mikro-orm.config';

runService((settings) => AppModule.forRoot(settings), SERVICE);
