/**
 * The stand-in's predictions: what it keeps of each, the test markers its input carries, and the
 * prediction object the API answers and webhooks deliver.
 */
import { randomBytes } from 'node:crypto';
import { notFound } from './errors.ts';

export type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

export const TERMINAL: ReadonlySet<Status> = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

/** How a prediction was created: on the model endpoint (official models) or by version. */
export type CreationEndpoint = 'model' | 'version';

export interface Creation {
  id: string;
  model: string;
  version: string;
  endpoint: CreationEndpoint;
}

/** The magic markers found in a prediction's string inputs (see stand-in.ts). */
export interface Behaviour {
  fail: boolean;
  slow: boolean;
  hang: boolean;
  rateLimitedCreates: number;
}

export interface StoredPrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: Status;
  logs: string;
  output: unknown;
  error: string | null;
  createdAt: Date;
  startedAt?: Date;
  completedAt?: Date;
  dataRemoved: boolean;
  behaviour: Behaviour;
  /** Aborted on cancel or stop: kills the model's ffmpeg. */
  running: AbortController;
  timer?: NodeJS.Timeout;
  /** `Prefer: wait` requests waiting for the end. */
  waiters: Array<() => void>;
  /** Where its end is reported, if anywhere. */
  webhook?: string;
  fileIds: string[];
}

export function newPrediction(fields: Pick<StoredPrediction, 'model' | 'version' | 'input' | 'behaviour' | 'webhook'>): StoredPrediction {
  return {
    id: randomId(26),
    model: fields.model,
    version: fields.version,
    input: fields.input,
    status: 'starting',
    logs: '',
    output: null,
    error: null,
    createdAt: new Date(),
    dataRemoved: false,
    behaviour: fields.behaviour,
    running: new AbortController(),
    waiters: [],
    fileIds: [],
    ...(fields.webhook !== undefined ? { webhook: fields.webhook } : {}),
  };
}

/** Every prediction made, by id. */
export class Predictions {
  private readonly byId = new Map<string, StoredPrediction>();

  add(prediction: StoredPrediction): void {
    this.byId.set(prediction.id, prediction);
  }

  /** The prediction, or Replicate's 404. */
  find(id: string): StoredPrediction {
    const prediction = this.byId.get(id);
    if (!prediction) throw notFound();
    return prediction;
  }

  /** Oldest first. */
  all(): StoredPrediction[] {
    return [...this.byId.values()];
  }
}

export function behaviourOf(input: Record<string, unknown>): Behaviour {
  const text = Object.values(input)
    .filter((value): value is string => typeof value === 'string')
    .join(' ');
  const rateLimit = /\[429(?:x(\d+))?\]/.exec(text);
  return {
    fail: text.includes('[fail]'),
    slow: text.includes('[slow]'),
    hang: text.includes('[hang]'),
    rateLimitedCreates: rateLimit ? Number(rateLimit[1] ?? 1) : 0,
  };
}

/** The prediction object, with `urls.get` / `urls.cancel` under `baseUrl`; no output once its data is removed. */
export function predictionView(prediction: StoredPrediction, baseUrl: string) {
  return {
    id: prediction.id,
    model: prediction.model,
    version: prediction.version,
    input: prediction.input,
    logs: prediction.logs,
    output: prediction.dataRemoved ? null : prediction.output,
    data_removed: prediction.dataRemoved,
    error: prediction.error,
    source: 'api',
    status: prediction.status,
    created_at: prediction.createdAt.toISOString(),
    started_at: prediction.startedAt?.toISOString(),
    completed_at: prediction.completedAt?.toISOString(),
    urls: { get: `${baseUrl}/v1/predictions/${prediction.id}`, cancel: `${baseUrl}/v1/predictions/${prediction.id}/cancel` },
    metrics:
      prediction.completedAt && prediction.startedAt ? { predict_time: (prediction.completedAt.getTime() - prediction.startedAt.getTime()) / 1000 } : {},
  };
}

/** Lower-case letters and digits, like Replicate's ids. */
export const randomId = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');
