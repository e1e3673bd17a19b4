import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { ProvidersModule } from '../providers/providers.module';
import { OwnActorRecordsModule } from './own-actor-records.module';
import { OwnActorsController } from './own-actors.controller';
import { OwnActorPreparation } from './own-actor-preparation';
import { OwnActorsService } from './own-actors.service';

/** A creator's own actors (their checked clips) and the consents recorded for the faces and voices they bring. */
@Module({
  imports: [OwnActorRecordsModule, MediaModule, ProvidersModule],
  controllers: [OwnActorsController],
  providers: [OwnActorsService, OwnActorPreparation],
})
export class OwnActorsModule {}
