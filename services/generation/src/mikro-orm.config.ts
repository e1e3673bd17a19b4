import { createOrmConfig } from '@lipcast/nest-kit';
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
import { BatchEntity, BatchRowEntity } from './batches/batch.entities';
import { InfluencerProjectEntity } from './influencers/influencer-project.entity';
import { InfluencerReportEntity } from './influencers/influencer-report.entity';
import { JobEntity } from './jobs/job.entity';
import { RealTimeFactorEntity } from './jobs/real-time-factor.entity';
import { ProjectEntity } from './projects/project.entity';
import { ProviderCallEntity } from './provider-calls/provider-call.entity';
import { IdempotencyKeyEntity, VideoEntity } from './videos/video.entity';
import { WebhookAttemptEntity, WebhookDeliveryEntity, WebhookEndpointEntity, WebhookRedeliveryEntity } from './webhooks/webhook.entities';

/** The PostgreSQL schema that holds every generation table. */
export const GENERATION_SCHEMA = 'generation';

/** Every generation table; the typed query builder (`generationDatabase`) is inferred from this list. */
export const generationEntities = [ProjectEntity, JobEntity, InfluencerProjectEntity, InfluencerReportEntity, ProviderCallEntity, WebhookEndpointEntity, WebhookDeliveryEntity, WebhookAttemptEntity, WebhookRedeliveryEntity, VideoEntity, IdempotencyKeyEntity, BatchEntity, BatchRowEntity, RealTimeFactorEntity] as const;

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: GENERATION_SCHEMA,
    databaseUrl,
    entities: [...generationEntities],
    migrations: [
      { name: 'Migration20261122000000', class: Migration20261122000000 },
      { name: 'Migration20261123000000', class: Migration20261123000000 },
      { name: 'Migration20261123100000', class: Migration20261123100000 },
      { name: 'Migration20261124000000', class: Migration20261124000000 },
      { name: 'Migration20261125000000', class: Migration20261125000000 },
      { name: 'Migration20261125100000', class: Migration20261125100000 },
      { name: 'Migration20261126000000', class: Migration20261126000000 },
      { name: 'Migration20261126100000', class: Migration20261126100000 },
      { name: 'Migration20261126220000', class: Migration20261126220000 },
      { name: 'Migration20261126230000', class: Migration20261126230000 },
      { name: 'Migration20261127000000', class: Migration20261127000000 },
      { name: 'Migration20261128041500', class: Migration20261128041500 },
      { name: 'Migration20261128153700', class: Migration20261128153700 },
      { name: 'Migration20261128170500', class: Migration20261128170500 },
      { name: 'Migration20261128190000', class: Migration20261128190000 },
      { name: 'Migration20261128223000', class: Migration20261128223000 },
      { name: 'Migration20261128224500', class: Migration20261128224500 },
      { name: 'Migration20261129010000', class: Migration20261129010000 },
      { name: 'Migration20261129020000', class: Migration20261129020000 },
    ],
  });
