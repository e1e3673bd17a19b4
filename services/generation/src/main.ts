import 'reflect-metadata';
import { runService } from '@lipcast/nest-kit';
import { generationService } from './service';

runService(generationService);
