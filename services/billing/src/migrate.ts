import 'reflect-metadata';
import { migrateMain } from '@lipcast/nest-kit';
import { billingService } from './service';

void migrateMain(billingService.name, billingService.ormConfig);
