import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { MediaModule } from '../media/media.module';
import { OwnActorRecordsModule } from '../own-actors/own-actor-records.module';
import { ProjectsModule } from '../projects/projects.module';
import { ProvidersModule } from '../providers/providers.module';
import { VoiceClonesModule } from '../voice-clones/voice-clones.module';
import { VoiceSamplesController } from '../voices/voice-samples.controller';
import { VoiceSamples } from '../voices/voice-samples.service';
import { AudioUploads } from './audio-uploads';
import { AudioController } from './audio.controller';
import { AudioService } from './audio.service';

/**
 * Speech: the wizard's audio (a history item), the creator's own recordings (with their voice consent,
 * which a lip-sync of one points to: the consents' records go out with it), the speech jobs make, and
 * the voices' samples.
 */
@Module({
  imports: [ProvidersModule, ProjectsModule, JobsModule, MediaModule, OwnActorRecordsModule, VoiceClonesModule],
  controllers: [AudioController, VoiceSamplesController],
  providers: [AudioService, AudioUploads, VoiceSamples],
  exports: [AudioService, OwnActorRecordsModule],
})
export class AudioModule {}
