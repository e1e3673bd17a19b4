import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import pg from 'pg';
import { readEnv, StorageService } from '@lipcast/nest-kit';
import { AppModule } from './app.module';
import { buildApiV1Document, buildOpenApiDocument } from './openapi';
import { GatewaySettings } from './settings';

const CHECKED_IN = resolve(__dirname, '../openapi.json');
const CHECKED_IN_V1 = resolve(__dirname, '../openapi-v1.json');
const REGENERATE = 'UPDATE_OPENAPI=1 NODE_OPTIONS=--experimental-vm-modules npx jest gateway/src/openapi.spec.ts --selectProjects unit';

/**
 * The gateway's document from its controllers alone: Nest's preview mode builds the module graph
 * without creating a provider, so nothing connects (no NATS, PostgreSQL or object store).
 */
async function describeGatewayApi(): Promise<{ app: OpenAPIObject; v1: OpenAPIObject }> {
  const settings = readEnv(GatewaySettings, { S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', RATE_LIMIT_STORE: 'memory' });
  const infrastructure = { storage: new StorageService(settings), database: new pg.Pool(), mediaLinks: null };
  const app = await NestFactory.create(AppModule.forRoot(settings, infrastructure), { preview: true, logger: false });
  try {
    app.setGlobalPrefix('api'); // as createGateway does
    return { app: buildOpenApiDocument(app), v1: buildApiV1Document(app) };
  } finally {
    await app.close();
  }
}

/** Object keys sorted at every level (arrays keep their order), so the file changes only when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
}

const format = (document: OpenAPIObject) => `${JSON.stringify(sortKeys(document), null, 2)}\n`;

/** Where two texts first differ, for the failure message. */
function firstDifference(expected: string, actual: string): string {
  const [was, now] = [expected.split('\n'), actual.split('\n')];
  const line = was.findIndex((text, index) => text !== now[index]);
  const at = line === -1 ? was.length : line;
  return `line ${at + 1}: checked in ${JSON.stringify(was[at] ?? '(end of file)')}, now ${JSON.stringify(now[at] ?? '(end of file)')}`;
}

/** The document as it is now against the checked-in file (rewritten first with UPDATE_OPENAPI=1). */
function expectCheckedIn(path: string, document: OpenAPIObject): void {
  const current = format(document);
  const file = relative(process.cwd(), path);
  if (process.env.UPDATE_OPENAPI === '1') writeFileSync(path, current);
  const checkedIn = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (checkedIn !== current) {
    throw new Error(`${file} does not describe the gateway's API as it is now (${firstDifference(checkedIn, current)}). If the change is intended, regenerate it with\n  ${REGENERATE}\nand commit the diff.`);
  }
}

describe('the OpenAPI documents', () => {
  let documents: { app: OpenAPIObject; v1: OpenAPIObject };
  beforeAll(async () => {
    documents = await describeGatewayApi();
  });

  it("of the app's API is the one checked in (an API change is a visible diff)", () => {
    expectCheckedIn(CHECKED_IN, documents.app);
    expect(Object.keys(documents.app.paths).filter((path) => path.startsWith('/api/v1/'))).toEqual([]);
  });

  it('of the public API is the one checked in: only /api/v1 routes, each behind the bearer key', () => {
    expectCheckedIn(CHECKED_IN_V1, documents.v1);
    const paths = Object.keys(documents.v1.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/actors', '/api/v1/voices']));
    expect(paths.filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
    expect(documents.v1.components?.securitySchemes).toEqual({ 'api-key': expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    for (const operations of Object.values(documents.v1.paths)) {
      for (const operation of Object.values(operations as Record<string, { security?: unknown }>)) expect(operation.security).toEqual([{ 'api-key': [] }]);
    }
  });
});
