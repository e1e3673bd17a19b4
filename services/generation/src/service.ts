import { defineService } from '@lipcast/nest-kit';
import { ormConfig } from './mikro-orm.config';
import { ProjectsController } from './projects/projects.controller';

/** Projects, influencer projects and media jobs (their handlers arrive with the generation work). */
export const generationService = defineService({ name: 'generation', ormConfig, controllers: [ProjectsController] });
