import { createOrmConfig } from '@lipcast/nest-kit';
import { Migration20261122000000 } from './migrations/Migration20261122000000';
import { Migration20261123000000 } from './migrations/Migration20261123000000';
import { Migration20261123100000 } from './migrations/Migration20261123100000';
import { Migration20261124000000 } from './migrations/Migration20261124000000';
import { Migration20261125000000 } from './migrations/Migration20261125000000';
import { Migration20261125100000 } from './migrations/Migration20261125100000';
import { Migration20261126000000 } from './migrations/Migration20261126000000';
import { Migration20261126100000 } from './migrations/Migration20261126100000';
import { InfluencerReportEntity } from './influencers/influencer-report.entity';
import { ProjectEntity } from './projects/project.entity';
import { ProviderCallEntity } from './provider-calls/provider-call.entity';

export const ormConfig = (databaseUrl: string) =>
  createOrmConfig({
    schema: 'generation',
    databaseUrl,
    entities: [ProjectEntity, ProviderCallEntity, InfluencerReportEntity],
    migrations: [
      { name: 'Migration20261122000000', class: Migration20261122000000 },
      { name: 'Migration20261123000000', class: Migration20261123000000 },
      { name: 'Migration20261123100000', class: Migration20261123100000 },
      { name: 'Migration20261124000000', class: Migration20261124000000 },
      { name: 'Migration20261125000000', class: Migration20261125000000 },
      { name: 'Migration20261125100000', class: Migration20261125100000 },
      { name: 'Migration20261126000000', class: Migration20261126000000 },
      { name: 'Migration20261126100000', class: Migration20261126100000 },
    ],
  });
