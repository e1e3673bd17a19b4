import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

/**
 * Prometheus metrics of this process (see ARCHITECTURE.md, "Metrics"): one registry per process,
 * served at `/metrics` on the operator-only ops listener. Every label takes a bounded set of values
 * (subject constants, route templates, error codes, job kinds, providers), never an id or a raw path.
 */
export const metricsRegistry = new Registry();

let defaultMetricsOn = false;

/** Node's own process metrics (event-loop lag, heap, GC, CPU); once per process, when its ops listener starts. */
export function enableDefaultMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The metrics in Prometheus's text format, with its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
}

/*
 * The metrics are declared where they are recorded, through these: a second declaration of the same
 * name (a module loaded twice in tests) gets the one already registered instead of an error.
 */
export function counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  return (metricsRegistry.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter({ ...config, registers: [metricsRegistry] });
}

export function gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  return (metricsRegistry.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge({ ...config, registers: [metricsRegistry] });
}

export function histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
  return (metricsRegistry.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram({ ...config, registers: [metricsRegistry] });
}

/** Seconds buckets for request/reply round trips (a few ms to a time-out). */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Seconds since `started` (a `process.hrtime.bigint()`). */
export const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/**
 * A NATS subject as a label: the subject constant without what follows its version (the job id of
 * `generation.job.stop.v1.<jobId>`); anything not shaped `<service>.<entity>.<verb>.v<N>` is `other`.
 */
export function subjectLabel(subject: string): string {
  return /^([a-z][\w-]*(?:\.[\w-]+)*?\.v\d+)(?:\.|$)/i.exec(subject)?.[1] ?? 'other';
}

/** The request counter and duration histogram of one side of NATS request/reply, by subject and outcome. */
function natsRequestMetrics(side: 'client' | 'server', requestsHelp: string, secondsHelp: string) {
  return {
    requests: counter({ name: `lipcast_nats_${side}_requests_total`, help: requestsHelp, labelNames: ['subject', 'outcome'] }),
    seconds: histogram({ name: `lipcast_nats_${side}_request_duration_seconds`, help: secondsHelp, labelNames: ['subject', 'outcome'], buckets: REQUEST_SECONDS_BUCKETS }),
  };
}
const natsRequests = {
  client: natsRequestMetrics('client', 'NATS requests sent, by subject and outcome (ok or the error code)', 'Round trip of NATS requests as the caller saw it, by subject and outcome'),
  server: natsRequestMetrics('server', 'NATS requests answered, by subject and outcome (ok or the error code)', 'Time the answering handler took, by subject and outcome'),
};

/** One NATS request/reply on the calling (`client`) or answering (`server`) side. */
export function recordNatsRequest(side: 'client' | 'server', subject: string, outcome: string, seconds: number): void {
  const labels = { subject: subjectLabel(subject), outcome };
  natsRequests[side].requests.inc(labels);
  natsRequests[side].seconds.observe(labels, seconds);
}
