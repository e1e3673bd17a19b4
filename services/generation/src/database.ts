import { Injectable } from '@nestjs/common';
import { EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { KYSELY_OPTIONS } from './entity-rows';
import { GENERATION_SCHEMA, type generationEntities } from './mikro-orm.config';

/** Generation's tables as the typed query builder sees them, inferred from the entities. */
export type GenerationDatabase = InferKyselyDB<(typeof generationEntities)[number], typeof KYSELY_OPTIONS>;

/**
 * The typed query builder over generation's tables, for what the entity manager cannot say (row locks,
 * `on conflict`, `returning`, conditional and arithmetic updates). Inside `em.transactional` it runs in that transaction.
 */
export const generationDatabase = (em: EntityManager) => em.getKysely<GenerationDatabase>(KYSELY_OPTIONS).withSchema(GENERATION_SCHEMA);

/** The typed query builder over generation's tables, as `generationDatabase` answers it. */
export type GenerationDb = ReturnType<typeof generationDatabase>;

/** What every generation repository queries through: its entity manager, and `db`, the typed query builder over it. */
@Injectable()
export abstract class GenerationRepository {
  constructor(protected readonly em: EntityManager) {}

  protected get db() {
    return generationDatabase(this.em);
  }
}

/** A row of one of generation's tables as the query builder reads it (`selectAll`, `returningAll`). */
export type GenerationRow<Table extends keyof GenerationDatabase> = Selectable<GenerationDatabase[Table]>;

/** The database's clock (`now()`), so the times every replica writes and compares agree. */
export const now = (): RawBuilder<Date> => sql<Date>`now()`;

/** `ms` milliseconds after now on the database's clock. */
export const millisecondsFromNow = (ms: number): RawBuilder<Date> => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/** `ms` milliseconds before now on the database's clock. */
export const millisecondsAgo = (ms: number): RawBuilder<Date> => sql<Date>`now() - ${ms} * interval '1 millisecond'`;
