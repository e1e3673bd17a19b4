import { Module } from '@nestjs/common';
import { OwnActorsRepository } from './own-actors.repository';

/** The own actors' and consents' rows, on their own below the feature: the media references read them too (a video points to its consent). */
@Module({
  providers: [OwnActorsRepository],
  exports: [OwnActorsRepository],
})
export class OwnActorRecordsModule {}
