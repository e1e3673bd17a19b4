import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { ProjectsModule } from '../projects/projects.module';
import { ProvidersModule } from '../providers/providers.module';
import { VoiceSamplesController } from '../voices/voice-samples.controller';
import { VoiceSamples } from '../voices/voice-samples.service';
import { AudioController } from './audio.controller';
import { AudioService } from './audio.service';

/** Speech: the wizard's audio (a history item), the speech jobs make, and the voices' samples. */
@Module({
  imports: [ProvidersModule, ProjectsModule, JobsModule],
  controllers: [AudioController, VoiceSamplesController],
  providers: [AudioService, VoiceSamples],
  exports: [AudioService],
})
export class AudioModule {}
