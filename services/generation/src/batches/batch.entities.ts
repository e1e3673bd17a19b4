import { defineEntity, p } from '@mikro-orm/core';
import type { BatchRowField, BatchRowInput, BatchRowStatus, BatchStatus } from '@lipcast/contracts';
import type { EntityRow } from '../entity-rows';

/** A public API batch: many rows of one upload, each run as one video; `completed` once no row is pending or running. */
export const BatchEntity = defineEntity({
  name: 'Batch',
  tableName: 'batch',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    status: p.string().length(20).$type<BatchStatus>(),
    createdAt: p.datetime().defaultRaw('now()'),
    completedAt: p.datetime().nullable(),
  },
});
export type BatchRecord = EntityRow<typeof BatchEntity>;

/** One row of a batch: its input as given, its state, and the video that runs (or ran) it. */
export const BatchRowEntity = defineEntity({
  name: 'BatchRow',
  tableName: 'batch_row',
  properties: {
    batchId: p.uuid().primary(),
    row: p.integer().primary(),
    userId: p.uuid(),
    input: p.json<BatchRowInput>(),
    status: p.string().length(20).$type<BatchRowStatus>(),
    videoId: p.uuid().nullable(),
    error: p.text().nullable(),
    /** The field an invalid row's error is about (`checkBatchRow` decides it); null otherwise. */
    errorField: p.string().length(20).$type<BatchRowField>().nullable(),
  },
});
export type BatchRowRecord = EntityRow<typeof BatchRowEntity>;
