import 'reflect-metadata';
import { runService } from '@lipcast/nest-kit';
import { billingService } from './service';

runService(billingService);
