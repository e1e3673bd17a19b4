import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { ProvidersModule } from '../providers/providers.module';
import { ScriptsController } from './scripts.controller';

/** The wizard's script writer (a free preview under billing's daily quota). */
@Module({
  imports: [ProvidersModule, JobsModule],
  controllers: [ScriptsController],
})
export class ScriptsModule {}
