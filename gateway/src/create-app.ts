import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, type NextFunction, type Request, type Response } from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import { createLogger, createValidationPipe, PinoNestLogger, ServiceClient, StorageService } from '@lipcast/nest-kit';
import { AppModule } from './app.module';
import { BATCHES_PATH, batchBodyParsers, SESSION_BATCHES_PATH } from './api-v1/batches-body';
import { blogPostMeta } from './content/blog-meta';
import { STRIPE_WEBHOOK_PATH } from './billing/stripe-webhook.controller';
import { REPLICATE_WEBHOOK_PATH } from './generation/provider-webhook.controller';
import { OpenStreams } from './generation/open-streams';
import { CHECK_IMAGE_PATH, INFLUENCER_VIDEO_PATH } from './generation/influencers.controller';
import { AUDIO_UPLOADS_PATH, audioUploadParser, OWN_ACTORS_PATH, ownActorUploadParser } from './generation/multipart-upload';
import { HttpErrorFilter } from './http/error.filter';
import { httpMetricsMiddleware, watchOpenStreams } from './http/http-metrics';
import { requestIdMiddleware } from './http/request-id.middleware';
import { requestShapeMiddleware } from './http/request-shape';
import { gatewaySecurityHeaders } from './http/security-headers';
import { sameOriginMiddleware } from './http/same-origin.middleware';
import { parseTrustProxy, untrustedForwardingAlarm } from './http/trust-proxy';
import { connectInfrastructure } from './infrastructure';
import type { GatewaySettings } from './settings';
import { createSessionMiddleware, withoutSessionOnPublicApi } from './session/session.middleware';
import { PublicContent } from './web/data-pages';
import { mountFrontEnd } from './web/front-end';
import { LiveRemoteVersions } from './web/remote-releases';
import { buildApiV1Document, buildOpenApiDocument } from './openapi';

/** Builds the gateway application (used by main.ts and by the integration tests). */
export async function createGateway(settings: GatewaySettings): Promise<NestExpressApplication> {
  const logger = createLogger('gateway');
  const infrastructure = await connectInfrastructure(settings, logger);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings, infrastructure), {
    logger: new PinoNestLogger(logger),
    // Keeps each request's exact bytes beside the parsed body: Stripe signs the bytes.
    rawBody: true,
  });
  // The client address (rate limits, logs) is read from X-Forwarded-For only as far as TRUST_PROXY vouches for it.
  app.set('trust proxy', parseTrustProxy(settings.TRUST_PROXY));
  app.use(untrustedForwardingAlarm(logger, { production: process.env.NODE_ENV === 'production', trustProxy: settings.TRUST_PROXY }));
  app.disable('x-powered-by');
  app.use(gatewaySecurityHeaders(settings, app.get(ServiceClient)));
  app.use(requestIdMiddleware(logger));
  app.use(httpMetricsMiddleware());
  watchOpenStreams(app.get(OpenStreams));
  // The public API knows API keys only: no session is read, made or touched there (nor its cookie set).
  const sessions = withoutSessionOnPublicApi(createSessionMiddleware(settings, infrastructure.database, logger).middleware);
  app.use('/api', sameOriginMiddleware(settings.PUBLIC_URL, [STRIPE_WEBHOOK_PATH, REPLICATE_WEBHOOK_PATH]), sessions);
  // The Creator's upload arrives as a base64 data URL (10 MB of picture): only that route and the
  // picture's check, and only for a signed-in user, take big bodies (named apart from Nest's own `jsonParser`, which still runs for the rest).
  const uploadBodyParser = json({ limit: '14mb' });
  app.use([INFLUENCER_VIDEO_PATH, CHECK_IMAGE_PATH], (request: Request, response: Response, next: NextFunction) =>
    request.session?.userId ? uploadBodyParser(request, response, next) : next(),
  );
  app.use(OWN_ACTORS_PATH, ownActorUploadParser(settings.ACTOR_CLIP_MAX_MB));
  app.use(AUDIO_UPLOADS_PATH, audioUploadParser(settings.AUDIO_UPLOAD_MAX_MB));
  app.use(BATCHES_PATH, ...batchBodyParsers());
  app.use(SESSION_BATCHES_PATH, ...batchBodyParsers().map((parser) => (request: Request, response: Response, next: NextFunction) => (request.session?.userId ? parser(request, response, next) : next())));
  // Nest's own parsers, placed here rather than at init (Nest skips parsers already in place) so that
  // the shape check runs after them: no route sees a body nested too deep, with a NUL, or in a type no parser reads.
  app.useBodyParser('json');
  app.useBodyParser('urlencoded', { extended: true });
  app.use('/api', requestShapeMiddleware());
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(logger));
  mountFrontEnd(app.getHttpAdapter().getInstance(), {
    webRoot: settings.WEB_ROOT,
    remoteOverrides: {
      mfe_wizard: settings.REMOTE_MFE_WIZARD_URL,
      mfe_influencer: settings.REMOTE_MFE_INFLUENCER_URL,
      mfe_billing: settings.REMOTE_MFE_BILLING_URL,
      mfe_content: settings.REMOTE_MFE_CONTENT_URL,
      mfe_admin: settings.REMOTE_MFE_ADMIN_URL,
    },
    contentMeta: blogPostMeta(app.get(ServiceClient)),
    publicContent: new PublicContent(app.get(ServiceClient)),
    releases: { live: LiveRemoteVersions.fromRegistry(app.get(ServiceClient)), storage: app.get(StorageService) },
    publicUrl: settings.PUBLIC_URL,
  });
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app));
  // The public API's own document: only /api/v1, with its bearer scheme.
  SwaggerModule.setup('api/v1/docs', app, buildApiV1Document(app));
  // No Nest signal hooks: main.ts drains on SIGTERM (http/draining.ts); tests close the app themselves.
  return app;
}
