import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A history item: the audio made for a video and, once done, the video itself. */
export const ProjectEntity = defineEntity({
  name: 'Project',
  tableName: 'project',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.uuid().index(),
    audioUrl: p.string().length(1000).nullable(),
    outputUrl: p.string().length(1000).nullable(),
    audioParams: p.json<Record<string, unknown>>().nullable(),
    /** The video's format, one of contracts' `VIDEO_FORMAT_IDS`, set when its video starts; null: the portrait card. */
    format: p.string().length(20).nullable(),
    /** The name its owner gave the video on /projects (issue 37, item 9); null: called by its number. */
    title: p.string().length(100).nullable(),
    /** The lip-sync job making this project's video. */
    jobId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Project = InferEntity<typeof ProjectEntity>;
