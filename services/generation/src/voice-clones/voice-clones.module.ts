import { Module } from '@nestjs/common';
import { OwnActorRecordsModule } from '../own-actors/own-actor-records.module';
import { ProvidersModule } from '../providers/providers.module';
import { ClonedVoicesRepository } from './cloned-voices.repository';
import { VoiceClonesController } from './voice-clones.controller';
import { VoiceClonesService } from './voice-clones.service';
import { VoiceKeepAlive } from './voice-keep-alive';

/** A creator's voices cloned from their own recordings (issue 35, item 5), with the voice consent of each cloning, kept alive at the provider. */
@Module({
  imports: [ProvidersModule, OwnActorRecordsModule],
  controllers: [VoiceClonesController],
  providers: [VoiceClonesService, ClonedVoicesRepository, VoiceKeepAlive],
  exports: [VoiceClonesService, ClonedVoicesRepository],
})
export class VoiceClonesModule {}
