import 'reflect-metadata';
import { migrateMain } from '@lipcast/nest-kit';
import { contentService } from './service';

void migrateMain(contentService.name, contentService.ormConfig);
