import 'reflect-metadata';
import { runService } from '@lipcast/nest-kit';
import { authService } from './service';

runService(authService);
