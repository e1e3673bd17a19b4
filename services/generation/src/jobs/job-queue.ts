import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { headers as natsHeaders, nanos, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { REQUEST_ID_HEADER } from '@lipcast/contracts';
import { currentRequestId, injectTraceHeaders, inSpan, SpanKind, type HeaderCarrier } from '@lipcast/nest-kit';
import { WorkQueuePuller } from './work-queue-puller';
import { ensureWorkQueueStream } from './work-queue-stream';

export const JOB_STREAM = 'GENERATION_JOBS';

/**
 * Two lanes, each with its own consumer and concurrency: `cpu` for jobs our own engine renders
 * (bounded by the machine's cores), `provider` for jobs whose heavy work runs at a provider (they
 * only submit and collect predictions, and wait parked in between).
 */
export type JobLane = 'cpu' | 'provider';
export const JOB_LANES: Record<JobLane, { subject: string; consumer: string }> = {
  cpu: { subject: 'generation.jobs.run.v1', consumer: 'generation-cpu-workers' },
  provider: { subject: 'generation.jobs.provider.v1', consumer: 'generation-provider-workers' },
};
/** The one consumer of earlier releases (every job, no lanes); removed so the lanes' filtered consumers may exist. */
const LEGACY_CONSUMER = 'generation-workers';

export interface JobQueueOptions {
  /** A job not acknowledged (nor kept alive with `working()`) within this is given to another worker. */
  ackWaitMs: number;
  /** Deliveries before a job is given up (its worker keeps dying). */
  maxDeliveries: number;
  /** Copies of the stream, each on another NATS server (JETSTREAM_REPLICAS): 1 on a single server, 3 on a cluster. */
  replicas: number;
  /**
   * How long a job's message id is remembered, so a second publish of it is dropped: longer than a
   * job may stay unpublished (JOB_PUBLISH_GIVE_UP_MS), since the dispatcher publishes again a job
   * whose first publish landed but was never recorded. Absent: JetStream's default, 2 minutes.
   */
  duplicateWindowMs?: number;
}

export interface QueuedJob {
  jobId: string;
  /** 1 for the first delivery; more after a worker died or failed to acknowledge. */
  delivery: number;
  /** Keeps the job ours while it runs (resets the ack timer). */
  working(): void;
  done(): void;
  /** Hand it back for another try after `delayMs`. */
  retryLater(delayMs: number): void;
  /** The message's headers: the submitting request's id and trace context (`traceparent`). */
  headers?: HeaderCarrier;
}

/**
 * The durable work queue of generation jobs on NATS JetStream: a work-queue stream (each message is
 * consumed once) with one shared pull consumer per lane, so every worker process (any number of
 * replicas) takes the next job of a lane. Only job ids travel; the job's state lives in PostgreSQL.
 */
export class JobQueue {
  private readonly puller = new WorkQueuePuller(this.connection);

  constructor(
    private readonly connection: NatsConnection,
    private readonly options: JobQueueOptions,
  ) {}

  /** Creates the stream and the lanes' consumers when missing, and applies the current settings (the consumers take the stream's replica count). */
  async ensure(): Promise<void> {
    const manager = await jetstreamManager(this.connection);
    const subjects = Object.values(JOB_LANES).map((lane) => lane.subject);
    await ensureWorkQueueStream(manager, JOB_STREAM, subjects, this.options.replicas, this.options.duplicateWindowMs);
    await manager.consumers.delete(JOB_STREAM, LEGACY_CONSUMER).catch(() => undefined);
    for (const lane of Object.values(JOB_LANES)) {
      const consumer = {
        durable_name: lane.consumer,
        filter_subject: lane.subject,
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(this.options.ackWaitMs),
        max_deliver: this.options.maxDeliveries,
      };
      await manager.consumers.add(JOB_STREAM, consumer).catch(async () => manager.consumers.update(JOB_STREAM, lane.consumer, consumer));
    }
  }

  /** Each lane consumer's waiting (`num_pending`) and running (`num_ack_pending`) messages, for the queue gauges, and its waiting pulls (`num_waiting`). */
  async backlog(): Promise<{ consumer: string; pending: number; ackPending: number; waiting: number }[]> {
    const manager = await jetstreamManager(this.connection);
    return Promise.all(
      Object.values(JOB_LANES).map(async ({ consumer }) => {
        const info = await manager.consumers.info(JOB_STREAM, consumer);
        return { consumer, pending: info.num_pending, ackPending: info.num_ack_pending, waiting: info.num_waiting };
      }),
    );
  }

  /**
   * Queues a job on its lane. JetStream drops a second publish with the same message id within its
   * window: the first run's id is the job id; a resumed job passes an id of its own.
   */
  async enqueue(jobId: string, lane: JobLane, messageId: string = jobId): Promise<void> {
    const subject = JOB_LANES[lane].subject;
    const attributes = { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'lipcast.job_id': jobId };
    // The producer span's traceparent goes with the message: the worker's job span is its child.
    await inSpan(`jetstream publish ${subject}`, { kind: SpanKind.PRODUCER, attributes }, () =>
      jetstream(this.connection).publish(subject, JSON.stringify({ jobId }), { msgID: messageId, headers: submitterHeaders() }),
    );
  }

  /** Delivers a lane's jobs to `handle`, at most `concurrency` at a time, until `stop()`. */
  consume(lane: JobLane, concurrency: number, handle: (job: QueuedJob) => Promise<void>): Promise<void> {
    return this.puller.consume(JOB_STREAM, JOB_LANES[lane].consumer, concurrency, (message) => handle(toQueuedJob(message)));
  }

  /**
   * Stops pulling jobs; the running ones go on (their `done`/`retryLater` still work), and `consume`
   * resolves once they are over.
   */
  async stop(): Promise<void> {
    this.puller.stop();
  }
}

/** What a job message carries of its submitter: the request id and, when tracing, the `traceparent` of the span in progress. */
function submitterHeaders(): MsgHdrs | undefined {
  const requestId = currentRequestId();
  const headers = natsHeaders();
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  injectTraceHeaders(headers);
  return headers.keys().length ? headers : undefined;
}

function toQueuedJob(message: JsMsg): QueuedJob {
  return {
    headers: message.headers,
    jobId: message.json<{ jobId: string }>().jobId,
    delivery: message.info.deliveryCount,
    working: () => message.working(),
    done: () => message.ack(),
    retryLater: (delayMs) => message.nak(delayMs),
  };
}
