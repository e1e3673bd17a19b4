/**
 * Keeps the deploy files true (issue 15): the compose files against the Compose Specification's
 * schema and our rules (pinned images, health-gated dependencies, the local evaluation and the
 * production override), every rendered Kubernetes overlay against the Kubernetes and KEDA schemas
 * and our rules (probes, resources, security contexts, pinned images, disruption budgets, secrets,
 * network policies, the KEDA triggers naming the code's stream and consumers, NATS as one server or
 * as production's three-server JetStream cluster, whose configuration nats-server accepts, the
 * PodMonitor and the alert rules and dashboard of deploy/observability), the ops probe
 * script, and the k6 scripts against the gateway's routes and rate limits. Offline; a few seconds.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import Ajv, { type AnySchema } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { imageName, PROCESS_NAMES, PROCESSES, processVersion, type ProcessName } from '@lipcast/tools/release/processes.ts';
import { installedNatsServer, NATS_INSTALL_HINTS } from '@lipcast/tools/lib/nats-server.ts';

const ROOT = resolve(__dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readJson = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});
const listAt = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

/** A number from a source file, so a changed default in the code shows up here. */
function codeNumber(path: string, pattern: RegExp): number {
  const match = pattern.exec(read(path));
  if (!match) throw new Error(`${pattern} not found in ${path}`);
  return Number(match[1].replaceAll('_', ''));
}

// ---------------------------------------------------------------------------------------------
// Compose

type Env = Record<string, string | undefined>;

/** Compose's variable interpolation on every string value: $$, ${X}, ${X:-d}, ${X-d}, ${X:?e}, ${X?e}, ${X:+a}, ${X+a}. */
function interpolate(value: Json, env: Env, missing: Set<string>): Json {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([A-Za-z_]\w*)(?:(:?[-?+])([^}]*))?\}/g, (_match: string, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
      if (!name) return '$';
      const current = env[name];
      const unset = operator?.startsWith(':') ? !current : current === undefined;
      switch (operator) {
        case undefined:
          return current ?? '';
        case ':-':
        case '-':
          return unset ? (argument ?? '') : current!;
        case ':?':
        case '?':
          if (unset) missing.add(name);
          return current ?? '';
        default:
          return unset ? '' : (argument ?? '');
      }
    });
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env, missing));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env, missing)]));
  return value;
}

function loadCompose(path: string): JsonObject {
  return parse(read(path), { merge: true }) as JsonObject;
}

/** Compose's merge of an override file: mappings merged key by key, sequences and scalars replaced. */
function merge(base: Json, override: Json): Json {
  if (!isObject(base) || !isObject(override)) return override;
  const merged: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = key in base ? merge(base[key], value) : value;
  return merged;
}

function resolveCompose(paths: string[], env: Env): { model: JsonObject; missing: string[] } {
  const missing = new Set<string>();
  const model = paths.map((path) => interpolate(loadCompose(path), env, missing)).reduce(merge) as JsonObject;
  return { model, missing: [...missing].sort() };
}

const composeSchema = (() => {
  const { $schema: _draft, ...schema } = readJson('deploy/schemas/compose-spec.json');
  return new Ajv({ allErrors: true, strict: false }).compile(schema as AnySchema);
})();

function composeSchemaErrors(model: JsonObject): string[] {
  return composeSchema(model) ? [] : (composeSchema.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

const services = (model: JsonObject) => objectAt(model.services);
const enabled = (service: JsonObject, profiles: string[] = []) => listAt(service.profiles).length === 0 || listAt(service.profiles).some((profile) => profiles.includes(String(profile)));
const environment = (service: JsonObject) => objectAt(service.environment);
const APP_SERVICES = ['gateway', 'auth', 'billing', 'content', 'generation-api', 'generation-worker'];
const DEFAULT_OPS_PORTS: Record<string, number> = { gateway: 9400, auth: 9401, generation: 9402, billing: 9403, content: 9404 };

/** Seconds of a compose duration such as "45s", "2m", "1m30s". */
function seconds(duration: Json | undefined): number {
  const text = String(duration ?? '10s');
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)(h|m|s)/g)) total += Number(amount) * { h: 3600, m: 60, s: 1 }[unit as 'h' | 'm' | 's'];
  return total;
}

/** user → the server's password variable, from deploy/nats/nats-server.conf. */
function natsUsers(): Map<string, string> {
  return new Map([...read('deploy/nats/nats-server.conf').matchAll(/\{\s*user:\s*(\w+),\s*password:\s*\$(\w+)/g)].map(([, user, variable]) => [user, variable]));
}

const PRODUCTION_FILES = ['deploy/docker-compose.yml', 'deploy/compose/production.yml'];
/** Every variable the production override requires, with a sample value. */
const PRODUCTION_ENV: Env = {
  POSTGRES_PASSWORD: 'pgsecret1',
  DATABASE_URL: 'postgresql://lipcast:pgsecret1@postgres:5432/lipcast',
  S3_ACCESS_KEY: 'lipcast',
  S3_SECRET_KEY: 'objectstoresecret',
  OPS_TOKEN: 'an-operator-token-of-some-length',
  PUBLIC_URL: 'https://lipcast.example',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  OIDC_ISSUER_URL: 'https://keycloak.example/realms/lipcast',
  OIDC_CLIENT_SECRET: 'client-secret',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  WEBHOOK_SECRET_KEY: 'a-webhook-key-of-at-least-32-characters',
  IDENTITY_HASH_SECRET: 'an-identity-hash-key-of-at-least-32-characters',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Lipcast <hello@lipcast.example>',
  GATEWAY_NATS_PASS: 'gatewayPass1',
  AUTH_NATS_PASS: 'authPass1',
  GENERATION_NATS_PASS: 'generationPass1',
  BILLING_NATS_PASS: 'billingPass1',
  CONTENT_NATS_PASS: 'contentPass1',
};

describe('compose', () => {
  const local = resolveCompose(['deploy/docker-compose.yml'], {});
  const localServices = services(local.model);

  it('the local evaluation needs no variable and is valid against the Compose Specification', () => {
    expect(local.missing).toEqual([]);
    expect(composeSchemaErrors(local.model)).toEqual([]);
  });

  it('each override file is valid on its own', () => {
    for (const path of ['deploy/compose/production.yml', 'deploy/compose/stripe.yml']) {
      const { model } = resolveCompose([path], { ...PRODUCTION_ENV, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
      expect({ path, errors: composeSchemaErrors(model) }).toEqual({ path, errors: [] });
    }
  });

  it('pins every image: a version for the backing services, never latest for our own builds', () => {
    for (const [name, service] of Object.entries(localServices).map(([name, service]) => [name, objectAt(service)] as const)) {
      const image = String(service.image ?? '');
      const tag = /:([^/:]+)$/.exec(image)?.[1] ?? '';
      const ours = /^lipcast(-tools)?:/.test(image);
      expect({ name, image, pinned: tag !== '' && tag !== 'latest' && (ours || /\d/.test(tag)) }).toEqual({ name, image, pinned: true });
    }
  });

  it('gates every dependency on a condition the dependency can meet', () => {
    for (const [name, service] of Object.entries(localServices).map(([name, service]) => [name, objectAt(service)] as const)) {
      for (const [dependency, rule] of Object.entries(objectAt(service.depends_on))) {
        const condition = objectAt(rule).condition;
        const target = objectAt(localServices[dependency]);
        expect({ name, dependency, exists: Object.keys(target).length > 0 }).toEqual({ name, dependency, exists: true });
        if (condition === 'service_healthy') {
          expect({ name, dependency, healthcheck: !!target.healthcheck && !objectAt(target.healthcheck).disable }).toEqual({ name, dependency, healthcheck: true });
        } else {
          expect({ name, dependency, condition }).toEqual({ name, dependency, condition: 'service_completed_successfully' });
          expect(target.restart).toBe('no');
        }
      }
    }
  });

  it('health-checks every long-running service, and every process waits for the migrations and its backing services', () => {
    for (const [name, service] of Object.entries(localServices).map(([name, service]) => [name, objectAt(service)] as const)) {
      if (service.restart === 'no') continue; // one-shots: migrate, notice
      expect({ name, healthcheck: !!service.healthcheck && !objectAt(service.healthcheck).disable }).toEqual({ name, healthcheck: true });
    }
    for (const name of APP_SERVICES) {
      const dependsOn = objectAt(objectAt(localServices[name]).depends_on);
      expect({ name, migrate: objectAt(dependsOn.migrate).condition }).toEqual({ name, migrate: 'service_completed_successfully' });
      expect({ name, postgres: objectAt(dependsOn.postgres).condition, nats: objectAt(dependsOn.nats).condition }).toEqual({ name, postgres: 'service_healthy', nats: 'service_healthy' });
    }
    // Migrations, then the seed, once MinIO is healthy.
    const migrate = objectAt(localServices.migrate);
    expect(objectAt(objectAt(migrate.depends_on).minio).condition).toBe('service_healthy');
    expect(listAt(migrate.command).join(' ')).toMatch(/services\/\$s\/dist\/migrate\.js.*gateway\/dist\/migrate\.js.*services\/generation\/dist\/seed\.js/);
  });

  it('runs generation as an api and a scalable worker, each process with its own NATS user, ops port and drain time', () => {
    const users = natsUsers();
    const natsEnv = environment(objectAt(localServices.nats));
    expect(environment(objectAt(localServices['generation-api'])).GENERATION_ROLE).toBe('api');
    const worker = objectAt(localServices['generation-worker']);
    expect(environment(worker).GENERATION_ROLE).toBe('worker');
    expect(worker.ports ?? worker.container_name).toBeUndefined(); // nothing that stops `--scale`
    for (const name of APP_SERVICES) {
      const service = objectAt(localServices[name]);
      const env = environment(service);
      const user = String(env.NATS_USER);
      expect({ name, user, known: users.has(user) }).toEqual({ name, user, known: true });
      expect({ name, password: env.NATS_PASS }).toEqual({ name, password: natsEnv[users.get(user)!] });
      expect({ name, opsPort: Number(env.OPS_PORT) }).toEqual({ name, opsPort: DEFAULT_OPS_PORTS[user] });
      const shutdownGrace = Number(env.SHUTDOWN_GRACE_SECONDS);
      expect({ name, stopGraceCoversDrain: shutdownGrace > 0 && seconds(service.stop_grace_period) >= shutdownGrace + 5 }).toEqual({ name, stopGraceCoversDrain: true });
    }
    expect(read('libs/nest-kit/src/settings.ts')).toContain('SHUTDOWN_GRACE_SECONDS');
  });

  it('is a local evaluation that says so, on loopback only, with the stand-ins reachable under one name by browser and gateway', () => {
    for (const [name, service] of Object.entries(localServices).map(([name, service]) => [name, objectAt(service)] as const)) {
      for (const port of listAt(service.ports)) expect({ name, port }).toEqual({ name, port: expect.stringMatching(/^127\.0\.0\.1:/) });
    }
    expect(listAt(objectAt(localServices.notice).command).join(' ')).toContain('LOCAL EVALUATION');
    const gateway = environment(objectAt(localServices.gateway));
    const issuer = new URL(String(gateway.OIDC_ISSUER_URL));
    const oidc = objectAt(localServices.oidc);
    expect(listAt(objectAt(objectAt(oidc.networks).default).aliases)).toContain(issuer.hostname);
    expect(listAt(oidc.ports)).toContain(`127.0.0.1:${issuer.port}:${issuer.port}`);
    expect(environment(oidc).DEV_OIDC_ISSUER).toBe(issuer.origin);
    expect(environment(oidc).DEV_OIDC_CLIENT_SECRET).toBe(gateway.OIDC_CLIENT_SECRET);
    expect(environment(objectAt(localServices.stripe)).STRIPE_WEBHOOK_SECRET).toBe(environment(objectAt(localServices.billing)).STRIPE_WEBHOOK_SECRET);
    expect(String(gateway.SESSION_SECRET).length).toBeGreaterThanOrEqual(32);
    // The stand-ins come from the tools build stage, never from the app image.
    for (const name of ['oidc', 'stripe', 'mail']) expect(objectAt(objectAt(localServices[name]).build).target).toBe('tools');
    for (const name of [...APP_SERVICES, 'migrate']) expect(objectAt(objectAt(localServices[name]).build).target).toBe('runtime');
  });

  it("production: the gateway trusts X-Forwarded-For from exactly its compose network's subnet, which the file sets", () => {
    // Behind Docker's bridge every client arrives from the network's range (the published port's proxy,
    // or a TLS proxy container): TRUST_PROXY=loopback made them all one address, one sign-in rate limit.
    for (const env of [PRODUCTION_ENV, { ...PRODUCTION_ENV, LIPCAST_SUBNET: '10.203.0.0/24' }]) {
      const { model } = resolveCompose(PRODUCTION_FILES, env);
      const subnets = listAt(objectAt(objectAt(objectAt(model.networks).default).ipam).config).map((entry) => String(objectAt(entry).subnet));
      expect(subnets).toEqual([env.LIPCAST_SUBNET ?? expect.stringMatching(/^(10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.)[\d.]+\/\d+$/)]);
      expect(environment(objectAt(services(model).gateway)).TRUST_PROXY).toBe(subnets[0]);
    }
    // An env file's TRUST_PROXY would not reach the gateway any more: the example names the subnet instead.
    expect(read('deploy/compose/production.env.example')).not.toMatch(/^TRUST_PROXY=/m);
  });

  it('production: refuses to start without each secret, runs none of the stand-ins, and is still valid', () => {
    expect(resolveCompose(PRODUCTION_FILES, {}).missing).toEqual(Object.keys(PRODUCTION_ENV).sort());
    const { model, missing } = resolveCompose(PRODUCTION_FILES, PRODUCTION_ENV);
    expect(missing).toEqual([]);
    expect(composeSchemaErrors(model)).toEqual([]);
    const running = Object.entries(services(model)).filter(([, service]) => enabled(objectAt(service)));
    expect(running.map(([name]) => name).sort()).toEqual(['gateway', 'auth', 'billing', 'content', 'generation-api', 'generation-worker', 'migrate', 'minio', 'nats', 'postgres'].sort());
    for (const [name, service] of running) {
      for (const [dependency, rule] of Object.entries(objectAt(objectAt(service).depends_on))) {
        const dependencyRuns = running.some(([other]) => other === dependency);
        expect({ name, dependency, satisfiable: dependencyRuns || objectAt(rule).required === false }).toEqual({ name, dependency, satisfiable: true });
      }
      const env = environment(objectAt(service));
      for (const [key, value] of Object.entries(env)) expect({ name, key, value }).not.toEqual({ name, key, value: expect.stringMatching(/localhost|LocalEvaluation|local-evaluation|standin|stripe:12111/) });
    }
    const billing = environment(objectAt(services(model).billing));
    expect(billing).toMatchObject({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_API_URL: '' });
    expect(environment(objectAt(services(model).gateway))).toMatchObject({ OIDC_ISSUER_URL: PRODUCTION_ENV.OIDC_ISSUER_URL, PUBLIC_URL: PRODUCTION_ENV.PUBLIC_URL });
  });
});

// ---------------------------------------------------------------------------------------------
// Kubernetes

type KubeObject = JsonObject & { kind: string; apiVersion: string; metadata: JsonObject };
const OVERLAYS = readdirSync(join(ROOT, 'deploy/k8s/overlays')).sort();

function render(overlay: string): KubeObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', join(ROOT, 'deploy/k8s/overlays', overlay)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`kubectl kustomize deploy/k8s/overlays/${overlay} failed (kubectl 1.27+ must be installed): ${String(error)}`);
  }
  return parseAllDocuments(output).map((document) => document.toJS() as KubeObject);
}

/**
 * A CRD's `pattern` (Go's RE2) as a JavaScript one: Go's leading `(?i)` flag, which JavaScript's
 * syntax lacks, becomes each letter in both cases (`^(?i)(abort|warn)?$` of the Prometheus Operator).
 */
function javaScriptPattern(pattern: string): string {
  const caseless = /^\^?\(\?i\)/.exec(pattern);
  if (!caseless) return pattern;
  const rest = pattern.slice(caseless[0].length);
  if (/[[\\]/.test(rest)) throw new Error(`cannot translate the case-insensitive pattern ${pattern}`);
  return `${caseless[0].startsWith('^') ? '^' : ''}${rest.replace(/[a-z]/gi, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`)}`;
}

/** A CRD's schema, closed like the API server's strict field validation: undeclared fields fail. */
function closedCrdSchema(path: string) {
  const close = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(close);
    if (!isObject(node)) return node;
    const closed = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, close(value)]));
    if (typeof node.pattern === 'string') closed.pattern = javaScriptPattern(node.pattern);
    if (isObject(node.properties) && node.additionalProperties === undefined && !node['x-kubernetes-preserve-unknown-fields']) closed.additionalProperties = false;
    return closed;
  };
  // OpenAPI's formats; the type keyword checks what matters here.
  return new Ajv({ allErrors: true, strict: false, formats: { int32: true, int64: true, 'date-time': true } }).compile(close(readJson(path) as Json) as AnySchema);
}

/** The custom resources the overlays render, by kind, with their CRD's schema (KEDA, the Prometheus Operator). */
const customResourceSchemas: Record<string, ReturnType<typeof closedCrdSchema>> = {
  ScaledObject: closedCrdSchema('deploy/schemas/keda-scaledobject-v1alpha1.schema.json'),
  PodMonitor: closedCrdSchema('deploy/schemas/prometheus-operator-podmonitor-v1.schema.json'),
  PrometheusRule: closedCrdSchema('deploy/schemas/prometheus-operator-prometheusrule-v1.schema.json'),
};

/** Runs the kubernetes-models schemas (ESM-only, so in a Node process of its own). */
function kubernetesSchemaProblems(objects: KubeObject[]): { name: string; message: string }[] {
  const output = execFileSync(process.execPath, [join(ROOT, 'deploy/test/validate-kubernetes.mjs')], { input: JSON.stringify(objects), encoding: 'utf8', cwd: ROOT });
  return JSON.parse(output) as { name: string; message: string }[];
}

const podSpec = (object: KubeObject) => objectAt(objectAt(objectAt(object.spec).template).spec);
const containersOf = (object: KubeObject) => listAt(podSpec(object).containers).map(objectAt);
const envOf = (container: JsonObject) => Object.fromEntries(listAt(container.env).map(objectAt).map((variable) => [String(variable.name), variable]));
const envValue = (container: JsonObject, name: string) => objectAt(envOf(container)[name]).value;
const workloads = (objects: KubeObject[]) => objects.filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind));
const named = (objects: KubeObject[], kind: string, name: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} is not rendered`);
  return found;
};
const matches = (selector: JsonObject, labels: JsonObject) => Object.entries(objectAt(selector.matchLabels)).every(([key, value]) => labels[key] === value);

/** The queue's stream and the lanes' consumers, as the code names them. */
function jobQueueNames(): { stream: string; consumers: string[] } {
  const source = read('services/generation/src/jobs/job-queue.ts');
  const stream = /export const JOB_STREAM = '([^']+)'/.exec(source)?.[1];
  const lanes = /export const JOB_LANES[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
  const consumers = [...lanes.matchAll(/consumer: '([^']+)'/g)].map(([, consumer]) => consumer);
  if (!stream || consumers.length === 0) throw new Error('JOB_STREAM or JOB_LANES not found in job-queue.ts');
  return { stream, consumers };
}

/** How NATS runs in an overlay: the StatefulSet, its server count, its configuration file and the ConfigMap holding it. */
function natsServers(objects: KubeObject[]) {
  const statefulSet = named(objects, 'StatefulSet', 'nats');
  const args = listAt(containersOf(statefulSet)[0].args).map(String);
  const configMapName = String(objectAt(listAt(podSpec(statefulSet).volumes).map(objectAt).find((volume) => volume.name === 'config')?.configMap).name);
  const configFiles = objectAt(named(objects, 'ConfigMap', configMapName).data);
  return { statefulSet, spec: objectAt(statefulSet.spec), count: Number(objectAt(statefulSet.spec).replicas), args, configFile: args[args.indexOf('-c') + 1], configFiles };
}

const NATS_SERVER_BINARY = installedNatsServer();

describe('deploy/k8s/secrets/secrets.example.yaml', () => {
  it('holds no value that could be applied unchanged: every secret is left empty', () => {
    // Placeholders such as CHANGE_ME passed every rule (length, characters): production ran on secrets anyone could read.
    const NOT_SECRET = new Set(['lipcast-oidc/OIDC_CLIENT_ID']);
    const template = parseAllDocuments(read('deploy/k8s/secrets/secrets.example.yaml')).map((document) => document.toJS() as KubeObject);
    const values = template.flatMap((secret) => Object.entries(objectAt(secret.stringData)).map(([key, value]) => ({ key: `${secret.metadata.name}/${key}`, value })));
    expect(values.length).toBeGreaterThan(10);
    expect(values.filter(({ key, value }) => !NOT_SECRET.has(key) && value !== '')).toEqual([]);
  });
});

describe.each(OVERLAYS)('kubernetes overlay %s', (overlay) => {
  const objects = render(overlay);
  const namespace = objects.find((object) => object.kind === 'Namespace');
  const config = objects.find((object) => object.kind === 'ConfigMap' && String(object.metadata.name).startsWith('lipcast-config'));

  it('validates every object against the Kubernetes, KEDA and Prometheus Operator schemas', () => {
    expect(kubernetesSchemaProblems(objects.filter((object) => !(object.kind in customResourceSchemas)))).toEqual([]);
    for (const object of objects.filter((object) => object.kind in customResourceSchemas)) {
      const schema = customResourceSchemas[object.kind];
      expect({ object: `${object.kind}/${object.metadata.name}`, errors: schema(object) ? [] : schema.errors }).toEqual({ object: `${object.kind}/${object.metadata.name}`, errors: [] });
    }
  });

  it('puts everything in its own namespace, where Kubernetes enforces the restricted pod security', () => {
    expect(namespace?.metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    for (const object of objects.filter((object) => object.kind !== 'Namespace')) expect({ object: `${object.kind}/${object.metadata.name}`, namespace: object.metadata.namespace }).toEqual({ object: `${object.kind}/${object.metadata.name}`, namespace: namespace?.metadata.name });
  });

  it('pins every image, runs each process from its own image at its package.json version, and names its migration Job after it', () => {
    const images = workloads(objects).flatMap((object) => containersOf(object).map((container) => String(container.image)));
    for (const image of images) expect({ image, pinned: /:[^/:]*\d[^/:]*$/.test(image) && !image.endsWith(':latest') }).toEqual({ image, pinned: true });
    // `<registry>/lipcast-<process>:<its version>`: releasing one process changes only its own pods and Job.
    const processImage = (process: ProcessName) => expect.stringMatching(new RegExp(`^[^:]+/${imageName(process)}:${processVersion(ROOT, process).replaceAll('.', '\\.')}$`));
    const deployments = objects.filter((object) => object.kind === 'Deployment');
    expect(new Set(deployments.map((object) => envValue(containersOf(object)[0], 'NATS_USER')))).toEqual(new Set(PROCESS_NAMES));
    for (const object of deployments) {
      const process = String(envValue(containersOf(object)[0], 'NATS_USER')) as ProcessName;
      expect({ name: object.metadata.name, image: containersOf(object)[0].image }).toEqual({ name: object.metadata.name, image: processImage(process) });
    }
    const jobs = objects.filter((object) => object.kind === 'Job');
    expect(jobs.map((job) => job.metadata.name).sort()).toEqual(PROCESS_NAMES.map((process) => `lipcast-migrate-${process}-${processVersion(ROOT, process)}`).sort());
    for (const job of jobs) {
      const process = String(objectAt(job.metadata.labels)['app.kubernetes.io/instance']) as ProcessName;
      const [container] = containersOf(job);
      const migrate = `${PROCESSES[process].workspace}/dist/migrate.js`;
      const args = listAt(container.args).join(' ');
      expect({ job: job.metadata.name, image: container.image }).toEqual({ job: job.metadata.name, image: processImage(process) });
      expect({ job: job.metadata.name, migrates: args.startsWith(`node ${migrate}`) || args.startsWith(`sh -c node ${migrate} &&`) }).toEqual({ job: job.metadata.name, migrates: true });
      // The media seed, once generation's schema is migrated.
      expect({ job: job.metadata.name, seeds: args.endsWith('services/generation/dist/seed.js') }).toEqual({ job: job.metadata.name, seeds: process === 'generation' });
    }
    // A rollout's first step applies `component in (config, migrate)`: everything the Job reads but the Secrets.
    const firstStep = objects.filter((object) => ['config', 'migrate'].includes(String(objectAt(object.metadata.labels)['app.kubernetes.io/component'])));
    expect(firstStep.map((object) => object.kind).sort()).toEqual(expect.arrayContaining(['ConfigMap', 'Job']));
    for (const job of jobs) {
      expect(podSpec(job).serviceAccountName).toBeUndefined();
      for (const source of listAt(containersOf(job)[0].envFrom).map(objectAt)) {
        const configMap = objectAt(source.configMapRef).name;
        if (configMap) expect(firstStep.some((object) => object.kind === 'ConfigMap' && object.metadata.name === configMap)).toBe(true);
      }
    }
  });

  it('gives every container probes, resources and a locked-down security context, and every pod no API token', () => {
    for (const object of workloads(objects)) {
      const pod = podSpec(object);
      const name = `${object.kind}/${object.metadata.name}`;
      expect({ name, pod: pod.securityContext }).toEqual({ name, pod: expect.objectContaining({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }) });
      expect({ name, automount: pod.automountServiceAccountToken, serviceLinks: pod.enableServiceLinks }).toEqual({ name, automount: false, serviceLinks: false });
      for (const container of containersOf(object)) {
        expect({ name, securityContext: container.securityContext }).toEqual({
          name,
          securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        });
        const resources = objectAt(container.resources);
        expect({ name, resources: { requests: Object.keys(objectAt(resources.requests)).sort(), limits: Object.keys(objectAt(resources.limits)) } }).toEqual({
          name,
          resources: { requests: ['cpu', 'memory'], limits: ['memory'] },
        });
        // `args`, never `command`: the image's entrypoint (tini) stays PID 1.
        if (String(container.image).includes('lipcast')) expect({ name, command: container.command, args: listAt(container.args).length > 0 }).toEqual({ name, command: undefined, args: true });
        if (object.kind === 'Job') continue;
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          // Readiness checks take up to 2 s: the probe's time-out must outlast them.
          expect({ name, probe, timeoutSeconds: objectAt(container[probe]).timeoutSeconds }).toEqual({ name, probe, timeoutSeconds: expect.any(Number) });
          expect(Number(objectAt(container[probe]).timeoutSeconds)).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('asks each process its own ops port with the operator token, and drains within the termination grace', () => {
    expect(objectAt(config?.data).OPS_HOST).toBe('0.0.0.0');
    for (const object of workloads(objects).filter((object) => object.kind === 'Deployment')) {
      const [container] = containersOf(object);
      const name = String(object.metadata.name);
      const process = String(envValue(container, 'NATS_USER'));
      expect({ name, opsPort: Number(envValue(container, 'OPS_PORT')) }).toEqual({ name, opsPort: DEFAULT_OPS_PORTS[process] });
      expect(objectAt(objectAt(envOf(container).OPS_TOKEN).valueFrom).secretKeyRef).toEqual({ name: 'lipcast-ops', key: 'OPS_TOKEN' });
      expect(objectAt(container.readinessProbe).exec).toEqual({ command: ['node', '/opt/lipcast/ops-probe.cjs', 'ready'] });
      expect(objectAt(container.livenessProbe).exec).toEqual({ command: ['node', '/opt/lipcast/ops-probe.cjs', 'live'] });
      const preStop = Number(objectAt(objectAt(objectAt(container.lifecycle).preStop).sleep).seconds);
      const drain = Number(envValue(container, 'SHUTDOWN_GRACE_SECONDS'));
      expect({ name, preStop: preStop > 0, drain: drain > 0 }).toEqual({ name, preStop: true, drain: true });
      expect({ name, graceCoversDrain: Number(podSpec(object).terminationGracePeriodSeconds) >= preStop + drain + 5 }).toEqual({ name, graceCoversDrain: true });
    }
  });

  it('covers every Deployment and StatefulSet with a PodDisruptionBudget (NATS: a cluster one server at a time, a single server none), and scales the gateway by CPU', () => {
    const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget');
    for (const object of objects.filter((object) => object.kind === 'Deployment')) {
      const labels = objectAt(objectAt(objectAt(object.spec).template).metadata).labels as JsonObject;
      expect({ name: object.metadata.name, budgeted: budgets.some((budget) => matches(objectAt(objectAt(budget.spec).selector), labels)) }).toEqual({ name: object.metadata.name, budgeted: true });
    }
    // A budget for a single server would block every node drain; a cluster's lets a drain take one server at a time (the quorum stays).
    const nats = natsServers(objects);
    const natsLabels = objectAt(objectAt(objectAt(nats.spec.template).metadata).labels);
    const natsBudgets = budgets.filter((budget) => matches(objectAt(objectAt(budget.spec).selector), natsLabels)).map((budget) => objectAt(budget.spec).maxUnavailable);
    expect(natsBudgets).toEqual(nats.count > 1 ? [1] : []);
    const hpa = named(objects, 'HorizontalPodAutoscaler', 'gateway');
    expect(objectAt(hpa.spec).scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway' });
    expect(Number(objectAt(hpa.spec).minReplicas)).toBeGreaterThanOrEqual(1);
    // The autoscalers own these counts; a count in the manifest would fight them at every apply.
    expect(objectAt(named(objects, 'Deployment', 'gateway').spec).replicas).toBeUndefined();
    expect(objectAt(named(objects, 'Deployment', 'generation-worker').spec).replicas).toBeUndefined();
  });

  it('exposes only the gateway, through ingress-nginx with timeouts that outlast held lip-syncs and event streams', () => {
    const ingresses = objects.filter((object) => object.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const annotations = objectAt(ingresses[0].metadata.annotations);
    const holdSeconds = codeNumber('gateway/src/settings.ts', /LIPSYNC_HOLD_MS = ([\d_]+)/) / 1000;
    const streamSeconds = codeNumber('gateway/src/settings.ts', /STREAM_LIFETIME_MS = ([\d_]+)/) / 1000;
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(Math.max(holdSeconds, streamSeconds));
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThan(holdSeconds);
    const backends = listAt(objectAt(ingresses[0].spec).rules).flatMap((rule) => listAt(objectAt(objectAt(rule).http).paths).map((path) => objectAt(objectAt(objectAt(path).backend).service).name));
    expect(new Set(backends)).toEqual(new Set(['gateway']));
    expect(objects.filter((object) => object.kind === 'Service' && objectAt(object.spec).type && objectAt(object.spec).type !== 'ClusterIP')).toEqual([]);
  });

  it('denies all traffic but what the policies allow: only the gateway from the ingress namespace, NATS from Lipcast', () => {
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
    const denyAll = policies.find((policy) => Object.keys(objectAt(objectAt(policy.spec).podSelector)).length === 0 && !objectAt(policy.spec).ingress && !objectAt(policy.spec).egress);
    expect(listAt(objectAt(denyAll?.spec).policyTypes).sort()).toEqual(['Egress', 'Ingress']);
    const fromIngressController = policies.filter((policy) =>
      listAt(objectAt(policy.spec).ingress).some((rule) => listAt(objectAt(rule).from).some((peer) => objectAt(objectAt(objectAt(peer).namespaceSelector).matchLabels)['kubernetes.io/metadata.name'] === 'ingress-nginx')),
    );
    expect(fromIngressController.map((policy) => objectAt(objectAt(policy.spec).podSelector).matchLabels)).toEqual([{ 'app.kubernetes.io/component': 'gateway' }]);
    const services = ['auth', 'billing', 'content', 'generation-api', 'generation-worker'];
    for (const policy of policies) {
      for (const rule of listAt(objectAt(policy.spec).ingress)) {
        const ports = listAt(objectAt(rule).ports).map((port) => Number(objectAt(port).port));
        const selector = JSON.stringify(objectAt(policy.spec).podSelector);
        // A service pod takes nothing but its ops port.
        if (services.some((service) => selector.includes(`"${service}"`))) expect({ policy: policy.metadata.name, ports }).toEqual({ policy: policy.metadata.name, ports: [9400] });
      }
    }
  });

  it('reads every secret from a Secret of the template, which holds nothing unused', () => {
    const template = parseAllDocuments(read('deploy/k8s/secrets/secrets.example.yaml')).map((document) => document.toJS() as KubeObject);
    const templateKeys = new Set(template.flatMap((secret) => Object.keys(objectAt(secret.stringData)).map((key) => `${secret.metadata.name}/${key}`)));
    const used = new Set<string>();
    for (const object of workloads(objects)) {
      for (const container of containersOf(object)) {
        for (const variable of listAt(container.env).map(objectAt)) {
          const reference = objectAt(objectAt(variable.valueFrom).secretKeyRef);
          if (reference.name) used.add(`${reference.name}/${reference.key}`);
        }
        for (const source of listAt(container.envFrom).map(objectAt)) {
          const secret = template.find((candidate) => candidate.metadata.name === objectAt(source.secretRef).name);
          if (objectAt(source.secretRef).name) expect({ secretRef: objectAt(source.secretRef).name, inTemplate: !!secret }).toEqual({ secretRef: objectAt(source.secretRef).name, inTemplate: true });
          for (const key of Object.keys(objectAt(secret?.stringData))) used.add(`${secret!.metadata.name}/${key}`);
        }
      }
    }
    expect([...used].sort()).toEqual([...templateKeys].sort());
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]); // applying an overlay never overwrites them
  });

  it('runs NATS with JetStream and the users of deploy/nats/, each process signing in as itself', () => {
    for (const file of ['nats-server.conf', 'permissions.conf']) expect(read(`deploy/k8s/base/nats/${file}`)).toBe(read(`deploy/nats/${file}`));
    const nats = named(objects, 'StatefulSet', 'nats');
    const [server] = containersOf(nats);
    expect(server.args).toEqual(expect.arrayContaining(['-sd', '/data', '-m', '8222']));
    expect(read('deploy/nats/nats-server.conf')).toMatch(/^jetstream: enabled$/m);
    const users = natsUsers();
    for (const object of objects.filter((object) => object.kind === 'Deployment')) {
      const [container] = containersOf(object);
      const user = String(envValue(container, 'NATS_USER'));
      expect({ name: object.metadata.name, user, password: objectAt(objectAt(envOf(container).NATS_PASS).valueFrom).secretKeyRef }).toEqual({
        name: object.metadata.name,
        user,
        password: { name: 'lipcast-nats', key: users.get(user) },
      });
    }
    // One server: its Service. A cluster: every server at its pod's address, so a process moves to another when its server goes.
    const { count, spec } = natsServers(objects);
    const servers = count > 1 ? Array.from({ length: count }, (_, index) => `nats://nats-${index}.${String(spec.serviceName)}:4222`) : ['nats://nats:4222'];
    expect(String(objectAt(config?.data).NATS_URL).split(',')).toEqual(servers);
  });

  it(`runs NATS as ${overlay === 'production' ? 'a three-server JetStream cluster whose streams keep a copy on each server' : 'one server, whose streams keep one copy'}`, () => {
    const { statefulSet, spec, count, args, configFile, configFiles } = natsServers(objects);
    const replicas = Number(objectAt(config?.data).JETSTREAM_REPLICAS ?? codeNumber('libs/nest-kit/src/settings.ts', /JETSTREAM_REPLICAS = (\d+)/));
    expect({ servers: count, streamCopies: replicas }).toEqual(overlay === 'production' ? { servers: 3, streamCopies: 3 } : { servers: 1, streamCopies: 1 });
    // Each server keeps its JetStream store on a volume of its own, and is named after its pod.
    expect(listAt(spec.volumeClaimTemplates).map((template) => objectAt(objectAt(template).metadata).name)).toEqual(['data']);
    expect(args).toEqual(expect.arrayContaining(['-sd', '/data', '--name', '$(POD_NAME)']));
    if (count === 1) {
      expect(configFile).toBe('/etc/nats/nats-server.conf');
      return;
    }
    const selector = objectAt(objectAt(spec.selector).matchLabels);
    // Started together (each waits for a quorum before it is healthy), never two on one node.
    expect(spec.podManagementPolicy).toBe('Parallel');
    expect(objectAt(podSpec(statefulSet).affinity).podAntiAffinity).toEqual({
      requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: selector }, topologyKey: 'kubernetes.io/hostname' }],
    });
    // deploy/nats's configuration plus the routes: every server's pod under the headless service, on the cluster port.
    const cluster = String(configFiles[basename(configFile)]);
    expect(cluster).toMatch(/^include \.\/nats-server\.conf$/m);
    const clusterBlock = /^cluster \{([\s\S]*?)^\}/m.exec(cluster)?.[1] ?? '';
    const routePort = Number(/^\s*port: (\d+)$/m.exec(clusterBlock)?.[1]);
    expect([...clusterBlock.matchAll(/nats:\/\/([^\s,\]]+)/g)].map(([, route]) => route)).toEqual(Array.from({ length: count }, (_, index) => `nats-${index}.${String(spec.serviceName)}:${routePort}`));
    expect(listAt(containersOf(statefulSet)[0].ports).map(objectAt)).toEqual(expect.arrayContaining([{ name: 'cluster', containerPort: routePort }]));
    const headless = objectAt(named(objects, 'Service', String(spec.serviceName)).spec);
    expect(headless.clusterIP).toBe('None');
    expect(listAt(headless.ports).map((port) => objectAt(port).port)).toContain(routePort);
    // No advertised client addresses: the processes have NATS_URL, and KEDA finds a consumer's leader by server name.
    expect(clusterBlock).toMatch(/^\s*no_advertise: true$/m);
    // The routes pass the default-deny: each server takes and opens the cluster port to the others only.
    const routePolicies = objects.filter((object) => object.kind === 'NetworkPolicy' && matches(objectAt(objectAt(object.spec).podSelector), selector));
    const natsPeers = (rules: Json | undefined, side: 'from' | 'to') =>
      listAt(rules).map(objectAt).filter((rule) => listAt(rule.ports).some((port) => objectAt(port).port === routePort)).map((rule) => listAt(rule[side]).map((peer) => objectAt(objectAt(peer).podSelector).matchLabels));
    expect(routePolicies.flatMap((policy) => natsPeers(objectAt(policy.spec).ingress, 'from'))).toEqual([[{ 'app.kubernetes.io/component': 'nats' }]]);
    expect(routePolicies.flatMap((policy) => natsPeers(objectAt(policy.spec).egress, 'to'))).toEqual([[{ 'app.kubernetes.io/component': 'nats' }]]);
  });

  it('gives nats-server a configuration it accepts (nats-server -t), users and their passwords included', () => {
    if (!NATS_SERVER_BINARY) throw new Error(`nats-server must be installed to check the NATS configuration: ${NATS_INSTALL_HINTS[process.platform] ?? NATS_INSTALL_HINTS.other}`);
    const { configFile, configFiles } = natsServers(objects);
    const folder = mkdtempSync(join(tmpdir(), 'lipcast-nats-config-'));
    try {
      for (const [file, text] of Object.entries(configFiles)) writeFileSync(join(folder, file), String(text));
      const passwords = Object.fromEntries([...natsUsers().values()].map((variable) => [variable, `${variable.toLowerCase().replaceAll('_', '')}1`]));
      const check = spawnSync(NATS_SERVER_BINARY, ['-t', '-c', join(folder, basename(configFile))], { encoding: 'utf8', env: { PATH: process.env.PATH, ...passwords } });
      expect({ status: check.status, output: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, output: expect.stringMatching(/configuration file .* is valid/) });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('splits generation into api and workers, the workers scaled by KEDA on the lag of the code\'s own stream and consumers', () => {
    expect(envValue(containersOf(named(objects, 'Deployment', 'generation-api'))[0], 'GENERATION_ROLE')).toBe('api');
    expect(envValue(containersOf(named(objects, 'Deployment', 'generation-worker'))[0], 'GENERATION_ROLE')).toBe('worker');
    const scaledObjects = objects.filter((object) => object.kind === 'ScaledObject');
    expect(scaledObjects.map((object) => objectAt(objectAt(object.spec).scaleTargetRef).name)).toEqual(['generation-worker']);
    const spec = objectAt(scaledObjects[0].spec);
    expect(Number(spec.minReplicaCount)).toBeGreaterThanOrEqual(1);
    expect(Number(spec.maxReplicaCount)).toBeGreaterThan(Number(spec.minReplicaCount));
    const { stream, consumers } = jobQueueNames();
    const triggers = listAt(spec.triggers).map(objectAt);
    expect(triggers.map((trigger) => trigger.type)).toEqual(consumers.map(() => 'nats-jetstream'));
    expect(triggers.map((trigger) => objectAt(trigger.metadata).consumer).sort()).toEqual([...consumers].sort());
    const monitorPort = listAt(objectAt(named(objects, 'Service', 'nats').spec).ports).map(objectAt).find((port) => port.name === 'monitor')?.port;
    // A cluster's lag is read from each consumer's leader, which KEDA finds at <server name>.<endpoint host>: the headless service's per-pod names.
    const nats = natsServers(objects);
    const monitoringHost = nats.count > 1 ? String(nats.spec.serviceName) : 'nats';
    for (const metadata of triggers.map((trigger) => objectAt(trigger.metadata))) {
      expect(metadata).toMatchObject({ stream, account: '$G', natsServerMonitoringEndpoint: `${monitoringHost}.${namespace?.metadata.name}.svc.cluster.local:${monitorPort}` });
      expect(Number(metadata.lagThreshold)).toBeGreaterThan(0);
    }
  });

  it("scrapes every process's ops port with the operator token, and applies the alert rules and dashboard of deploy/observability", () => {
    const monitors = objects.filter((object) => object.kind === 'PodMonitor');
    expect(monitors).toHaveLength(1);
    const spec = objectAt(monitors[0].spec);
    const endpoints = listAt(spec.podMetricsEndpoints).map(objectAt);
    expect(endpoints).toEqual([expect.objectContaining({ port: 'ops', path: '/metrics', authorization: { type: 'Bearer', credentials: { name: 'lipcast-ops', key: 'OPS_TOKEN' } } })]);
    const opsSecret = parseAllDocuments(read('deploy/k8s/secrets/secrets.example.yaml')).map((document) => document.toJS() as KubeObject).find((secret) => secret.metadata.name === 'lipcast-ops');
    expect(Object.keys(objectAt(opsSecret?.stringData))).toContain('OPS_TOKEN');
    // Every process's pods, and nothing else: each has the `ops` port the probes ask, and its component as the job.
    const selector = objectAt(spec.selector);
    const selects = (labels: JsonObject) =>
      matches(selector, labels) && listAt(selector.matchExpressions).map(objectAt).every((expression) => expression.operator === 'In' && listAt(expression.values).includes(labels[String(expression.key)]));
    const templateLabels = (object: KubeObject) => objectAt(objectAt(objectAt(object.spec).template).metadata).labels as JsonObject;
    const selected = workloads(objects).filter((object) => selects(templateLabels(object)));
    const withOpsPort = workloads(objects).filter((object) => containersOf(object).some((container) => listAt(container.ports).some((port) => objectAt(port).name === 'ops')));
    expect(selected.map((object) => object.metadata.name).sort()).toEqual(withOpsPort.map((object) => object.metadata.name).sort());
    expect(selected.map((object) => object.metadata.name).sort()).toEqual([...APP_SERVICES].sort());
    const jobs = new Set(selected.map((object) => String(templateLabels(object)[String(spec.jobLabel)])));
    expect([...jobs].sort()).toEqual([...APP_SERVICES].sort());
    // The jobs the alerts and the dashboard select on are those.
    const queries = read('deploy/observability/prometheus-rules.yaml') + read('deploy/observability/lipcast-dashboard.json');
    const queriedJobs = [...queries.matchAll(/\bjob=~?\\?"([^"\\]+)\\?"/g)].flatMap(([, values]) => values.split('|')).filter((job) => !job.startsWith('$'));
    expect(queriedJobs.length).toBeGreaterThan(0);
    for (const job of queriedJobs) expect({ job, scraped: jobs.has(job) }).toEqual({ job, scraped: true });
    // The rules and the dashboard are the files of deploy/observability, unchanged.
    expect(named(objects, 'PrometheusRule', 'lipcast').spec).toEqual((parse(read('deploy/observability/prometheus-rules.yaml')) as KubeObject).spec);
    const dashboard = named(objects, 'ConfigMap', 'lipcast-grafana-dashboard');
    expect(objectAt(dashboard.metadata.labels).grafana_dashboard).toBe('1');
    expect(JSON.parse(String(objectAt(dashboard.data)['lipcast-dashboard.json']))).toEqual(readJson('deploy/observability/lipcast-dashboard.json'));
  });
});

// ---------------------------------------------------------------------------------------------
// The ops probe the pods run

describe('ops-probe.cjs', () => {
  let server: Server;
  let port = 0;
  const answers: Record<string, number> = {};
  beforeAll(async () => {
    server = createServer((request, response) => {
      const authorized = request.headers.authorization === 'Bearer right-token-of-some-length';
      response.writeHead(authorized ? (answers[request.url ?? ''] ?? 404) : 401).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const probe = (kind: string, token: string) =>
    new Promise<number | null>((done) => {
      const child = spawn(process.execPath, [join(ROOT, 'deploy/k8s/base/ops-probe.cjs'), kind], { env: { OPS_PORT: String(port), OPS_TOKEN: token }, stdio: 'ignore' });
      child.on('exit', (code) => done(code));
    });

  it('answers 0 for a 2xx from /readyz or /healthz with the token, 1 otherwise', async () => {
    answers['/readyz'] = 200;
    answers['/healthz'] = 200;
    expect(await probe('ready', 'right-token-of-some-length')).toBe(0);
    expect(await probe('live', 'right-token-of-some-length')).toBe(0);
    expect(await probe('ready', 'wrong-token-of-some-length')).toBe(1);
    answers['/readyz'] = 503;
    expect(await probe('ready', 'right-token-of-some-length')).toBe(1);
    expect(await probe('live', 'right-token-of-some-length')).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// k6

/** The gateway's routes as regular expressions, read from its controllers' decorators. */
function gatewayRoutes(): RegExp[] {
  const routes: RegExp[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.controller.ts')) {
        const source = read(path);
        const prefix = /@Controller\((?:'([^']*)')?\)/.exec(source)?.[1] ?? '';
        for (const [, route] of source.matchAll(/@(?:Get|Post|Delete|Put|Patch|Sse)\((?:'([^']*)')?\)/g)) {
          const full = ['api', prefix, route ?? ''].filter(Boolean).join('/');
          const pattern = full.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.startsWith('*') ? '.+' : segment.replace(/[.-]/g, '\\$&'))).join('/');
          routes.push(new RegExp(`^/${pattern}$`));
        }
      }
    }
  };
  walk('gateway/src');
  return routes;
}

describe('k6 scripts', () => {
  const scripts = readdirSync(join(ROOT, 'deploy/k6')).filter((file) => file.endsWith('.js'));
  const routes = gatewayRoutes();

  it('ask only routes the gateway has', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const script of scripts) {
      const source = read(`deploy/k6/${script}`).replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''); // code, not comments
      const paths = [...source.matchAll(/(\/api\/[^`'"?\s)]*)/g)].map(([path]) => path.replace(/\$\{[^}]+\}/g, 'x'));
      for (const path of paths) expect({ script, path, known: routes.some((route) => route.test(path)) }).toEqual({ script, path, known: true });
    }
  });

  it('keep the gateway\'s rate limits, and load the workers through speech and the 202 lip-sync protocol', () => {
    const lib = read('deploy/k6/lib.js');
    const limit = (name: string) => Number(new RegExp(`${name}: Number\\(__ENV\\.\\w+ \\|\\| (\\d+)\\)|${name}: (\\d+)`).exec(lib)?.slice(1).find(Boolean));
    expect(limit('apiPerRoutePerMinute')).toBe(codeNumber('gateway/src/settings.ts', /RATE_LIMIT_PER_MINUTE = (\d+)/));
    expect(limit('signInPerMinute')).toBe(codeNumber('gateway/src/settings.ts', /SIGN_IN_RATE_LIMIT_PER_MINUTE = (\d+)/));
    expect(limit('previewPerUserPerMinute')).toBe(codeNumber('gateway/src/settings.ts', /PREVIEW_RATE_LIMIT_PER_MINUTE = (\d+)/));
    const generation = read('deploy/k6/generation.js');
    expect(generation).toContain("/api/login?returnTo=");
    expect(generation).toContain("'/api/replicate/audio'");
    expect(generation).toMatch(/prefer: 'respond-async'/);
    expect(generation).toMatch(/answer\.status === 202/);
    expect(generation).toMatch(/LIMITS\.signInPerMinute/);
  });
});
