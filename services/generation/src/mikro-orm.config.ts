import { serviceOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261123000000 } from './migrations/Migration20261123000000';
import { Migration20261123100000 } from './migrations/Migration20261123100000';
import { Migration20261124000000 } from './migrations/Migration20261124000000';
import { Migration20261125000000 } from './migrations/Migration20261125000000';
import { Migration20261125100000 } from './migrations/Migration20261125100000';
import { Migration20261126000000 } from './migrations/Migration20261126000000';
import { Migration20261126100000 } from './migrations/Migration20261126100000';
import { Migration20261126220000 } from './migrations/Migration20261126220000';
import { Migration20261126230000 } from './migrations/Migration20261126230000';
import { Migration20261127000000 } from './migrations/Migration20261127000000';
import { Migration20261128041500 } from './migrations/Migration20261128041500';
import { Migration20261128153700 } from './migrations/Migration20261128153700';
import { Migration20261128170500 } from './migrations/Migration20261128170500';
import { Migration20261128190000 } from './migrations/Migration20261128190000';
import { Migration20261128223000 } from './migrations/Migration20261128223000';
import { Migration20261128224500 } from './migrations/Migration20261128224500';
import { Migration20261129010000 } from './migrations/Migration20261129010000';
import { Migration20261129020000 } from './migrations/Migration20261129020000';
import { Migration20261129110000 } from './migrations/Migration20261129110000';
import { Migration20261129120000 } from './migrations/Migration20261129120000';
import { Migration20261129130000 } from './migrations/Migration20261129130000';
import { Migration20261129140000 } from './migrations/Migration20261129140000';
import { Migration20261130010000 } from './migrations/Migration20261130010000';
import { BatchEntity, BatchRowEntity } from './batches/batch.entities';
import { InfluencerProjectEntity } from './influencers/influencer-project.entity';
import { InfluencerReportEntity } from './influencers/influencer-report.entity';
import { JobEntity } from './jobs/job.entity';
import { LikenessConsentEntity, OwnActorEntity } from './own-actors/own-actor.entities';
import { RealTimeFactorEntity } from './jobs/real-time-factor.entity';
import { ProjectEntity } from './projects/project.entity';
import { ProviderCallEntity } from './provider-calls/provider-call.entity';
import { VideoRevisionEntity } from './revisions/video-revision.entity';
import { IdempotencyKeyEntity, VideoEntity } from './videos/video.entity';
import { ClonedVoiceEntity } from './voice-clones/cloned-voice.entity';
import { WebhookAttemptEntity, WebhookDeliveryEntity, WebhookEndpointEntity, WebhookRedeliveryEntity } from './webhooks/webhook.entities';

/** The PostgreSQL schema that holds every generation table. */
export const GENERATION_SCHEMA = 'generation';

/** Every generation table; the typed query builder (`generationDatabase`) is inferred from this list. */
export const generationEntities = [ProjectEntity, JobEntity, InfluencerProjectEntity, InfluencerReportEntity, ProviderCallEntity, WebhookEndpointEntity, WebhookDeliveryEntity, WebhookAttemptEntity, WebhookRedeliveryEntity, VideoEntity, IdempotencyKeyEntity, BatchEntity, BatchRowEntity, RealTimeFactorEntity, LikenessConsentEntity, OwnActorEntity, ClonedVoiceEntity, VideoRevisionEntity] as const;

export const ormConfig = serviceOrmConfig(GENERATION_SCHEMA, generationEntities, {
  Migration20261122000000,
  Migration20261123000000,
  Migration20261123100000,
  Migration20261124000000,
  Migration20261125000000,
  Migration20261125100000,
  Migration20261126000000,
  Migration20261126100000,
  Migration20261126220000,
  Migration20261126230000,
  Migration20261127000000,
  Migration20261128041500,
  Migration20261128153700,
  Migration20261128170500,
  Migration20261128190000,
  Migration20261128223000,
  Migration20261128224500,
  Migration20261129010000,
  Migration20261129020000,
  Migration20261129110000,
  Migration20261129120000,
  Migration20261129130000,
  Migration20261129140000,
  Migration20261130010000,
});
