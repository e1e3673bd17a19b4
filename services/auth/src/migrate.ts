import 'reflect-metadata';
import { migrateMain } from '@lipcast/nest-kit';
import { authService } from './service';

void migrateMain(authService.name, authService.ormConfig);
