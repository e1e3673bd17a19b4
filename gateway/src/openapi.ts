import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_PREFIX } from '@lipcast/contracts';
import { API_V1_SECURITY } from './api-v1/api-v1-controller';

/** Where the public API's routes are, as the document names them. */
const API_V1_PREFIX = '/api/v1/';

const isApiV1Path = (path: string) => path.startsWith(API_V1_PREFIX);

/** The document with only the paths `keep` accepts, and only the schemas and tags those still use. */
function onlyPaths(document: OpenAPIObject, keep: (path: string) => boolean): OpenAPIObject {
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => keep(path)));
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', '') : null;
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      } else visit(child);
    }
  };
  visit(paths);
  const tagsUsed = new Set(Object.values(paths).flatMap((operations) => Object.values(operations as Record<string, { tags?: string[] }>).flatMap((operation) => operation.tags ?? [])));
  return {
    ...document,
    ...(document.tags ? { tags: document.tags.filter((tag) => tagsUsed.has(tag.name)) } : {}),
    paths,
    components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) },
  };
}

/** The app's HTTP API (served at /api/docs; checked in as gateway/openapi.json); the public API has its own. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Lipcast API').setDescription('The HTTP API of Lipcast.').setVersion('1').build());
  return onlyPaths(document, (path) => !isApiV1Path(path));
}

const API_V1_DESCRIPTION = [
  'The public API of Lipcast, for your own programs.',
  '',
  `Create an API key in your profile (it starts with \`${API_KEY_PREFIX}\` and is shown once) and send it with every request as \`Authorization: Bearer <key>\`.`,
  'Each route names the scope the key needs. Keys are limited in requests per minute; generations spend credits and count against the daily limits exactly as in the app.',
  '',
  'Every error answers `{"error": {"code", "message", "details"}}`; `code` is stable (VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, PAYMENT_REQUIRED, RATE_LIMITED, QUOTA_EXCEEDED, ...), the message is for people.',
].join('\n');

/** The public API's document (served at /api/v1/docs; checked in as gateway/openapi-v1.json): only `/api/v1` routes, with the bearer scheme. */
export function buildApiV1Document(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Lipcast public API')
    .setDescription(API_V1_DESCRIPTION)
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_PREFIX}…`, description: 'An API key from your profile' }, API_V1_SECURITY)
    .build();
  return onlyPaths(SwaggerModule.createDocument(app, config), isApiV1Path);
}
