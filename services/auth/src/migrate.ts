import 'reflect-metadata';
import { migrateMain } from '@lipcast/nest-kit';
import { ormConfig, SERVICE } from './mikro-orm.config';

void migrateMain(SERVICE, ormConfig);
