import { Module } from '@nestjs/common';
import { InfluencersRepository } from './influencers.repository';

/**
 * The influencer projects' rows, on their own below the influencer feature: the media checks (which
 * the feature itself uses), the videos, One Shot, the operators' console and the account read them too.
 */
@Module({
  providers: [InfluencersRepository],
  exports: [InfluencersRepository],
})
export class InfluencerProjectsModule {}
