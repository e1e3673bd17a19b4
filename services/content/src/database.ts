import { Injectable } from '@nestjs/common';
import { EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { CONTENT_SCHEMA, type contentEntities } from './mikro-orm.config';

/** Queries name entities' properties (camelCase); MikroORM's Kysely plugin maps them to the columns. */
const KYSELY_OPTIONS = { columnNamingStrategy: 'property', convertValues: true } as const;

/** Content's tables as the typed query builder sees them, inferred from the entities. */
export type ContentDatabase = InferKyselyDB<(typeof contentEntities)[number], typeof KYSELY_OPTIONS>;

/**
 * The typed query builder over content's tables, for what the entity manager cannot say (window
 * counts, `on conflict` on an expression index). Inside `em.transactional` it runs in that transaction.
 */
export const contentDatabase = (em: EntityManager) => em.getKysely<ContentDatabase>(KYSELY_OPTIONS).withSchema(CONTENT_SCHEMA);

/** What each repository of content's tables starts from: its entity manager and the typed query builder on it. */
@Injectable()
export abstract class ContentRepository {
  constructor(protected readonly em: EntityManager) {}

  protected get db() {
    return contentDatabase(this.em);
  }
}

/** The database's clock (`now()`): publication times are compared with it, not with this process's. */
export const now = (): RawBuilder<Date> => sql<Date>`now()`;
