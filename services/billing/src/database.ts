import { Injectable } from '@nestjs/common';
import { EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { BILLING_SCHEMA, type billingEntities } from './mikro-orm.config';

/** Queries name entities' properties (camelCase); MikroORM's Kysely plugin maps them to the columns. */
const KYSELY_OPTIONS = { columnNamingStrategy: 'property', convertValues: true } as const;

/** Billing's tables as the typed query builder sees them, inferred from the entities. */
export type BillingDatabase = InferKyselyDB<(typeof billingEntities)[number], typeof KYSELY_OPTIONS>;

/**
 * The typed query builder over billing's tables, for what the entity manager cannot say (row locks,
 * `on conflict`, `returning`, arithmetic updates). Inside `em.transactional` it runs in that transaction.
 */
export const billingDatabase = (em: EntityManager) => em.getKysely<BillingDatabase>(KYSELY_OPTIONS).withSchema(BILLING_SCHEMA);

/** What each repository of billing's tables starts from: its entity manager and the typed query builder on it. */
@Injectable()
export abstract class BillingRepository {
  constructor(protected readonly em: EntityManager) {}

  protected get db() {
    return billingDatabase(this.em);
  }
}
