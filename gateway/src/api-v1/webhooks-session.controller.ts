import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects, type CreatedWebhookEndpoint, type DeletedAnswer, type WebhookDelivery, type WebhookEndpoint,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { CreateWebhookBodyDto, ListWebhookDeliveriesQueryDto } from '@lipcast/nest-kit/requests';
import { CurrentUserId } from '../auth/signed-in.guard';
import { DELIVERY_ID, ENDPOINT_ID } from './webhooks.controller';

/**
 * The profile's webhook endpoints and delivery log: session routes (signed in, and same-site for the
 * writes as every session write), never reachable with a key. They answer the contracts' types; the
 * endpoint's secret is in the create's answer only.
 */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksSessionController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The user's webhook endpoints, newest first, without their secrets" })
  list(@CurrentUserId() userId: string): Promise<WebhookEndpoint[]> {
    return this.services.send(Subjects.generation.webhookEndpointsList, { userId });
  }

  @Post()
  @ApiOperation({ summary: 'A new webhook endpoint: the answer holds its signing secret, shown this once' })
  create(@CurrentUserId() userId: string, @Body() body: CreateWebhookBodyDto): Promise<CreatedWebhookEndpoint> {
    return this.services.send(Subjects.generation.webhookEndpointCreate, { userId, url: body.url, events: body.events });
  }

  @Get('deliveries')
  @ApiOperation({ summary: "The user's recent webhook deliveries, newest first, with every attempt" })
  deliveries(@CurrentUserId() userId: string, @Query() query: ListWebhookDeliveriesQueryDto): Promise<WebhookDelivery[]> {
    return this.services.send(Subjects.generation.webhookDeliveriesList, { userId, endpointId: query.endpoint_id, limit: query.limit });
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sends one of the user\'s deliveries once more, now' })
  redeliver(@CurrentUserId() userId: string, @Param('id', DELIVERY_ID) deliveryId: string): Promise<WebhookDelivery> {
    return this.services.send(Subjects.generation.webhookRedeliver, { userId, deliveryId });
  }

  @Post(':id/enable')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Enables one of the user's webhook endpoints again (one disabled after failed deliveries in a row), its count of failures reset" })
  enable(@CurrentUserId() userId: string, @Param('id', ENDPOINT_ID) endpointId: string): Promise<WebhookEndpoint> {
    return this.services.send(Subjects.generation.webhookEndpointEnable, { userId, endpointId });
  }

  @Delete(':id')
  @ApiOperation({ summary: "Deletes one of the user's webhook endpoints: it gets nothing more" })
  delete(@CurrentUserId() userId: string, @Param('id', ENDPOINT_ID) endpointId: string): Promise<DeletedAnswer> {
    return this.services.send(Subjects.generation.webhookEndpointDelete, { userId, endpointId });
  }
}
