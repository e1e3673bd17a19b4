import { Body, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, Subjects, type ApiKeyIdentity } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { CreateWebhookBodyDto, ListWebhookDeliveriesQueryDto } from '@lipcast/nest-kit/requests';
import { ApiKeyOwner, RequireScopes } from './api-key-owner';
import { ApiV1Controller, errorExample } from './api-v1-controller';
import { ApiV1ErrorDto } from './api-v1.dto';
import {
  ApiV1CreatedWebhookEndpointDto, ApiV1WebhookDeliveryDto, ApiV1WebhookDeliveryListDto, ApiV1WebhookEndpointDeletedDto, ApiV1WebhookEndpointDto, ApiV1WebhookEndpointListDto,
  ApiV1WebhookSigningSecretDto, apiV1CreatedWebhookEndpoint, apiV1WebhookDelivery, apiV1WebhookEndpoint,
} from './webhooks.dto';

export const NO_SUCH_ENDPOINT = 'No such webhook endpoint';
export const NO_SUCH_DELIVERY = 'No such webhook delivery';
/** A path id that is not a UUID names nothing of the user's. */
export const ENDPOINT_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound(NO_SUCH_ENDPOINT) });
export const DELIVERY_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound(NO_SUCH_DELIVERY) });


/**
 * The public API's outbound webhooks: the key owner's endpoints and their delivery log, kept by the
 * generation service (`generation.webhooks.*.v1`); this controller turns them into the API's
 * snake_case. Every route needs `webhooks:manage`.
 */
@ApiTags('webhooks')
@ApiV1Controller('webhooks')
export class WebhooksV1Controller {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Register an endpoint for video.succeeded, video.failed and batch.completed',
    description: "Scope: `webhooks:manage`. The answer holds the endpoint's signing secret, shown this once.",
  })
  @ApiCreatedResponse({ type: ApiV1CreatedWebhookEndpointDto })
  @ApiBadRequestResponse({ description: 'Not an http(s) URL, or no known event', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Validation, 'url must be an http or https URL') })
  async create(@ApiKeyOwner() owner: ApiKeyIdentity, @Body() body: CreateWebhookBodyDto): Promise<ApiV1CreatedWebhookEndpointDto> {
    return apiV1CreatedWebhookEndpoint(await this.services.send(Subjects.generation.webhookEndpointCreate, { userId: owner.userId, url: body.url, events: body.events }));
  }

  @Get()
  @RequireScopes('webhooks:manage')
  @ApiOperation({ summary: 'Your endpoints (without their secrets)', description: 'Scope: `webhooks:manage`.' })
  @ApiOkResponse({ type: ApiV1WebhookEndpointListDto })
  async list(@ApiKeyOwner() owner: ApiKeyIdentity): Promise<ApiV1WebhookEndpointListDto> {
    return { data: (await this.services.send(Subjects.generation.webhookEndpointsList, { userId: owner.userId })).map(apiV1WebhookEndpoint) };
  }

  @Get('deliveries')
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Recent deliveries, newest first, with every attempt',
    description: "Scope: `webhooks:manage`. To your endpoints and to your videos' own `webhook_url`; `endpoint_id` keeps one endpoint's.",
  })
  @ApiOkResponse({ type: ApiV1WebhookDeliveryListDto })
  @ApiBadRequestResponse({ description: 'A limit out of range, or an endpoint_id that is no id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.Validation, 'limit must be a whole number from 1 to 200') })
  async deliveries(@ApiKeyOwner() owner: ApiKeyIdentity, @Query() query: ListWebhookDeliveriesQueryDto): Promise<ApiV1WebhookDeliveryListDto> {
    const deliveries = await this.services.send(Subjects.generation.webhookDeliveriesList, { userId: owner.userId, endpointId: query.endpoint_id, limit: query.limit });
    return { data: deliveries.map(apiV1WebhookDelivery) };
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(HttpStatus.OK)
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Send a delivery once more, now',
    description: 'Scope: `webhooks:manage`. Answers the delivery; the new attempt joins its `attempt_log` when made. At most 10 redeliveries (by default) to one endpoint, or one `webhook_url`, in an hour: another answers 429 `RATE_LIMITED`. A delivery to a disabled endpoint answers 409 `CONFLICT` until the endpoint is enabled.',
  })
  @ApiOkResponse({ type: ApiV1WebhookDeliveryDto })
  @ApiNotFoundResponse({ description: 'No delivery of yours has this id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_SUCH_DELIVERY) })
  async redeliver(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', DELIVERY_ID) deliveryId: string): Promise<ApiV1WebhookDeliveryDto> {
    return apiV1WebhookDelivery(await this.services.send(Subjects.generation.webhookRedeliver, { userId: owner.userId, deliveryId }));
  }

  @Get('signing-secret')
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: "The secret that signs deliveries to your videos' own `webhook_url`",
    description: 'Scope: `webhooks:manage`. Registered endpoints have their own secrets, shown when they are created.',
  })
  @ApiOkResponse({ type: ApiV1WebhookSigningSecretDto })
  async signingSecret(@ApiKeyOwner() owner: ApiKeyIdentity): Promise<ApiV1WebhookSigningSecretDto> {
    const { secret } = await this.services.send(Subjects.generation.webhookSigningSecret, { userId: owner.userId });
    return { secret };
  }

  @Post(':id/enable')
  @HttpCode(HttpStatus.OK)
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Enable an endpoint again',
    description:
      'Scope: `webhooks:manage`. An endpoint whose deliveries failed 20 times in a row (by default; a delivery fails once its every automatic attempt is used up without a 2xx) is disabled: it shows `disabled: true` and gets no new event. This enables it, its count of failures reset, and answers it; enabling an enabled endpoint changes nothing.',
  })
  @ApiOkResponse({ type: ApiV1WebhookEndpointDto })
  @ApiNotFoundResponse({ description: 'No endpoint of yours has this id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_SUCH_ENDPOINT) })
  async enable(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', ENDPOINT_ID) endpointId: string): Promise<ApiV1WebhookEndpointDto> {
    return apiV1WebhookEndpoint(await this.services.send(Subjects.generation.webhookEndpointEnable, { userId: owner.userId, endpointId }));
  }

  @Delete(':id')
  @RequireScopes('webhooks:manage')
  @ApiOperation({ summary: 'Delete an endpoint: it gets nothing more', description: 'Scope: `webhooks:manage`.' })
  @ApiOkResponse({ type: ApiV1WebhookEndpointDeletedDto })
  @ApiNotFoundResponse({ description: 'No endpoint of yours has this id', type: ApiV1ErrorDto, example: errorExample(ErrorCode.NotFound, NO_SUCH_ENDPOINT) })
  async delete(@ApiKeyOwner() owner: ApiKeyIdentity, @Param('id', ENDPOINT_ID) endpointId: string): Promise<ApiV1WebhookEndpointDeletedDto> {
    await this.services.send(Subjects.generation.webhookEndpointDelete, { userId: owner.userId, endpointId });
    return { id: endpointId, deleted: true };
  }
}
