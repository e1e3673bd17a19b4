import 'reflect-metadata';
import { runService } from '@lipcast/nest-kit';
import { contentService } from './service';

runService(contentService);
