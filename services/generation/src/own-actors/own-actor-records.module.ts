import { Module } from '@nestjs/common';
import { ConsentsRepository } from './consents.repository';
import { OwnActorsRepository } from './own-actors.repository';

/**
 * The own actors' and consents' rows, on their own below the feature: the media references read them
 * (a video points to its consent), and every feature that takes a face or a voice records consents.
 */
@Module({
  providers: [OwnActorsRepository, ConsentsRepository],
  exports: [OwnActorsRepository, ConsentsRepository],
})
export class OwnActorRecordsModule {}
