import 'reflect-metadata';
import { migrateMain } from '@lipcast/nest-kit';
import { generationService } from './service';

void migrateMain(generationService.name, generationService.ormConfig);
