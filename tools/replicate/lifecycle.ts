/**
 * A prediction's life: `starting` for one step, `processing` for `processingSteps` steps (appending
 * tqdm-style progress lines to `logs`), then its model runs and it `succeeded` with the output URLs (or
 * `failed`); `[fail]` fails it after processing, `[slow]` keeps it processing until canceled. Its outputs
 * are removed `outputLifetimeMs` after it ends, as Replicate removes them after an hour.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutputFiles } from './files.ts';
import { MODELS, type ClonedVoices, type StandInBehaviour } from './models.ts';
import { TERMINAL, type Predictions, type Status, type StoredPrediction } from './predictions.ts';

export interface LifecycleOptions {
  /** Time per status step. */
  stepMs: number;
  /** Progress lines while processing. */
  processingSteps: number;
  /** When set, processing takes exactly this long in all. */
  processingMs?: number;
  outputLifetimeMs: number;
  /** Prepared outputs by model, used instead of running the model. */
  cannedOutputs?: Record<string, { path: string; contentType: string }>;
  /** The folder each prediction's work folder goes in. */
  root: string;
  predictions: Predictions;
  files: OutputFiles;
  /** The voices cloned on this stand-in. */
  voices: ClonedVoices;
  /** How the models behave now (tests switch it on the running stand-in). */
  behaviour: StandInBehaviour;
  /** Called once, when a prediction ends (succeeded, failed or canceled). */
  onEnd(prediction: StoredPrediction): void;
}

export interface Lifecycle {
  /** Runs a new prediction through its statuses. */
  start(prediction: StoredPrediction): void;
  /** Cancels a prediction that has not ended (an ended one stays as it is). */
  cancel(prediction: StoredPrediction): void;
  /** Resolves when the prediction ends, or after `timeoutMs`. */
  untilEnded(prediction: StoredPrediction, timeoutMs: number): Promise<void>;
  /** Removes the outputs of predictions that ended more than `outputLifetimeMs` ago. */
  removeExpiredOutputs(): Promise<void>;
  /** Stops every running prediction and releases its waiters. */
  stop(): void;
}

export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const { stepMs, processingSteps, files } = options;

  function settle(prediction: StoredPrediction, status: Status, fields: { output?: unknown; error?: string } = {}): void {
    if (TERMINAL.has(prediction.status)) return;
    clearTimeout(prediction.timer);
    prediction.status = status;
    prediction.output = fields.output ?? null;
    prediction.error = fields.error ?? null;
    prediction.completedAt = new Date();
    prediction.startedAt ??= prediction.completedAt;
    for (const wake of prediction.waiters.splice(0)) wake();
    options.onEnd(prediction);
  }

  /** starting → processing with progress lines → the model's output (or the [fail]/[slow] behaviours). */
  function start(prediction: StoredPrediction): void {
    const later = (run: () => void, delayMs = stepMs) => (prediction.timer = setTimeout(run, delayMs));
    const step = (done: number) =>
      later(() => {
        prediction.logs += `${progressLine(done, processingSteps)}\n`;
        if (done < processingSteps) return step(done + 1);
        if (prediction.behaviour.fail) return settle(prediction, 'failed', { error: 'Simulated model failure ([fail] in the input)' });
        void runModel(prediction);
      }, options.processingMs !== undefined ? options.processingMs / processingSteps : stepMs);
    later(() => {
      prediction.status = 'processing';
      prediction.startedAt = new Date();
      prediction.logs += `Running ${prediction.model} on the Lipcast stand-in\n${progressLine(0, processingSteps)}\n`;
      if (!prediction.behaviour.slow) step(1);
    });
  }

  async function runModel(prediction: StoredPrediction): Promise<void> {
    const workDir = join(options.root, prediction.id);
    const canned = options.cannedOutputs?.[prediction.model];
    if (canned) return settle(prediction, 'succeeded', { output: files.publish(prediction, canned.path, canned.contentType) });
    try {
      await mkdir(workDir, { recursive: true });
      const output = await MODELS[prediction.model].run({
        input: prediction.input,
        workDir,
        signal: prediction.running.signal,
        publish: (path, contentType) => files.publish(prediction, path, contentType),
        voices: options.voices,
        behaviour: options.behaviour,
      });
      settle(prediction, 'succeeded', { output });
    } catch (error) {
      settle(prediction, 'failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  return {
    start,
    cancel: (prediction) => {
      if (TERMINAL.has(prediction.status)) return;
      prediction.running.abort();
      settle(prediction, 'canceled');
    },
    untilEnded: async (prediction, timeoutMs) => {
      if (TERMINAL.has(prediction.status)) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        prediction.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    removeExpiredOutputs: async () => {
      const expired = options.predictions
        .all()
        .filter((prediction) => !prediction.dataRemoved && prediction.completedAt && Date.now() - prediction.completedAt.getTime() >= options.outputLifetimeMs);
      for (const prediction of expired) {
        prediction.dataRemoved = true;
        files.removeAll(prediction);
        await rm(join(options.root, prediction.id), { recursive: true, force: true });
      }
    },
    stop: () => {
      for (const prediction of options.predictions.all()) {
        clearTimeout(prediction.timer);
        prediction.running.abort();
        for (const wake of prediction.waiters.splice(0)) wake();
      }
    },
  };
}

/** A tqdm line, the kind the SDK's `parseProgressFromLogs` reads: ` 50%|█████     | 2/4 [...]`. */
function progressLine(done: number, total: number): string {
  const percent = Math.round((100 * done) / total);
  const bar = '█'.repeat(Math.round((10 * done) / total)).padEnd(10);
  return `${String(percent).padStart(3)}%|${bar}| ${done}/${total} [00:0${Math.min(9, done)}<00:0${Math.min(9, total - done)}, 1.00it/s]`;
}
