import { defineEntity, p } from '@mikro-orm/core';

/** One published version of a remote: its files are in the object store and never change. */
export const RemoteVersionEntity = defineEntity({
  name: 'RemoteVersion',
  tableName: 'remote_version',
  properties: {
    remote: p.string().length(40).primary(),
    version: p.string().length(60).primary(),
    publishedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    publishedBy: p.string().length(120),
  },
});

/**
 * One release of a remote, in order (`id`). The live version is the newest release not rolled back;
 * a rollback marks the live one rolled back, so the one before it is live again (and a second
 * rollback goes further back, never forward to the version just withdrawn).
 */
export const RemoteReleaseEntity = defineEntity({
  name: 'RemoteRelease',
  tableName: 'remote_release',
  properties: {
    id: p.integer().primary().autoincrement(),
    remote: p.string().length(40),
    version: p.string().length(60),
    releasedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    releasedBy: p.string().length(120),
    rolledBackAt: p.datetime().nullable(),
    rolledBackBy: p.string().length(120).nullable(),
  },
});
