import type { EntitySchemaWithMeta, InferKyselyTable } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';

/** Queries name entities' properties (camelCase); MikroORM's Kysely plugin maps them to the columns. */
export const KYSELY_OPTIONS = { columnNamingStrategy: 'property', convertValues: true } as const;

/**
 * A row of an entity's table as the typed query builder reads it (`selectAll`, `returningAll`): an
 * entity's file names its row type from its own definition, without the table list that imports it.
 */
export type EntityRow<Entity extends EntitySchemaWithMeta> = Selectable<InferKyselyTable<Entity, typeof KYSELY_OPTIONS>>;
