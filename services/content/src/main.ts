import 'reflect-metadata';
import { bootstrapService, readEnvOrExit, ServiceSettings } from '@lipcast/nest-kit';
import { AppModule } from './app.module';
import { SERVICE } from './mikro-orm.config';

const settings = readEnvOrExit(ServiceSettings);
void bootstrapService(AppModule.forRoot(settings), SERVICE, settings.NATS_URL);
