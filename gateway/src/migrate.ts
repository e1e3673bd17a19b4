import 'reflect-metadata';
import { migrateMain } from '@lipcast/nest-kit';
import { ormConfig } from './mikro-orm.config';

void migrateMain('gateway', ormConfig);
