import { Injectable } from '@nestjs/common';
import { EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { AUTH_SCHEMA, type authEntities } from './mikro-orm.config';

/** Queries name entities' properties (camelCase); MikroORM's Kysely plugin maps them to the columns. */
const KYSELY_OPTIONS = { columnNamingStrategy: 'property', convertValues: true } as const;

/** Auth's tables as the typed query builder sees them, inferred from the entities. */
export type AuthDatabase = InferKyselyDB<(typeof authEntities)[number], typeof KYSELY_OPTIONS>;

/** The typed query builder over auth's tables, for what the entity manager cannot say (casts, `ilike` on several columns). */
export const authDatabase = (em: EntityManager) => em.getKysely<AuthDatabase>(KYSELY_OPTIONS).withSchema(AUTH_SCHEMA);

/** What each repository of auth's tables starts from: its entity manager and the typed query builder on it. */
@Injectable()
export abstract class AuthRepository {
  constructor(protected readonly em: EntityManager) {}

  protected get db() {
    return authDatabase(this.em);
  }
}
