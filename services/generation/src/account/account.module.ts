import { Module } from '@nestjs/common';
import { InfluencersModule } from '../influencers/influencers.module';
import { JobsModule } from '../jobs/jobs.module';
import { UserDataController } from './user-data.controller';
import { UserDataRepository } from './user-data.repository';
import { UserDataService } from './user-data.service';

/** A user's generation data as a whole: its export and its deletion with the account. */
@Module({
  imports: [InfluencersModule, JobsModule],
  controllers: [UserDataController],
  providers: [UserDataService, UserDataRepository],
})
export class AccountModule {}
