import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The HTTP API's OpenAPI document (served at /api/docs; checked in as gateway/openapi.json). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Lipcast API').setDescription('The HTTP API of Lipcast.').setVersion('1').build());
}
