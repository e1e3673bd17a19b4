import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import type { Request } from 'express';
import {
  STRIPE_REQUEST_TIMEOUT_MS, Subjects, type AdditionalGenerationsRequest, type CheckoutStart,
  type CreateCustomerResponse, type CreateSubscriptionRequest, type PurchaseRequest, type StripeConfig, type SubscriptionSyncResponse, type ReplyOf, type RequestOf, type Subject,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { CurrentUserId, Public } from '../auth/signed-in.guard';
import { publicOrigin } from '../http/public-origin';
import { GatewaySettings } from '../settings';

export class CreateSubscriptionBody implements CreateSubscriptionRequest {
  @ApiProperty({ description: 'Stripe price id of the monthly plan (from /api/stripe/plans)' })
  @IsString({ message: 'priceId is required' })
  @Length(1, 200, { message: 'priceId is required' })
  priceId!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, 200)
  planName?: string;
}

export class AdditionalGenerationsBody implements AdditionalGenerationsRequest {
  @ApiProperty({ example: 15 })
  @Type(() => Number)
  @IsInt({ message: 'generations must be a whole number' })
  @Min(1, { message: 'generations must be 1 or more' })
  @Max(1000, { message: 'generations must be 1000 or fewer' })
  generations!: number;
}

/** Plans and payments (spec section 7, `/api/stripe/*`); Stripe itself is the billing service's. */
@ApiTags('billing')
@Controller('stripe')
export class StripeController {
  constructor(
    private readonly services: ServiceClient,
    private readonly settings: GatewaySettings,
  ) {}

  /** What the browser needs to pay: the publishable key and the checkout kind. */
  @Public()
  @Get('config')
  config(): Promise<StripeConfig> {
    return this.services.send(Subjects.billing.stripeConfig, {});
  }

  @Post('create-customer')
  @HttpCode(200)
  async createCustomer(@Req() request: Request, @CurrentUserId() userId: string): Promise<CreateCustomerResponse> {
    return this.stripe(Subjects.billing.customerCreate, await this.purchaser(request, userId));
  }

  @Post('create-subscription')
  @HttpCode(200)
  async createSubscription(@Req() request: Request, @CurrentUserId() userId: string, @Body() body: CreateSubscriptionBody): Promise<CheckoutStart> {
    return this.stripe(Subjects.billing.subscriptionCreate, { ...(await this.purchaser(request, userId)), ...body });
  }

  @Post('additional-generations')
  @HttpCode(200)
  async additionalGenerations(@Req() request: Request, @CurrentUserId() userId: string, @Body() body: AdditionalGenerationsBody): Promise<CheckoutStart> {
    return this.stripe(Subjects.billing.packCheckout, { ...(await this.purchaser(request, userId)), ...body });
  }

  /** Reads the subscription from Stripe now (profile load, subscription success page). */
  @Get('sync-subscription')
  async syncSubscription(@CurrentUserId() userId: string): Promise<SubscriptionSyncResponse> {
    const account = await this.stripe(Subjects.billing.subscriptionSync, { userId });
    return { success: true, message: account.premium ? 'Subscription is active' : 'No active subscription', account };
  }

  /** Cancels at the end of the paid period; the plan stays until `subscriptionPeriodEnd`. */
  @Post('cancel-subscription')
  @HttpCode(200)
  async cancelSubscription(@CurrentUserId() userId: string): Promise<SubscriptionSyncResponse> {
    const account = await this.stripe(Subjects.billing.subscriptionCancel, { userId });
    return { success: true, message: `Your subscription will end on ${account.subscriptionPeriodEnd}`, account };
  }

  private stripe<S extends Subject>(subject: S, request: RequestOf<S>): Promise<ReplyOf<S>> {
    return this.services.send(subject, request, STRIPE_REQUEST_TIMEOUT_MS);
  }

  /** Who pays (the e-mail goes on the Stripe customer for receipts) and where Stripe sends the browser back. */
  private async purchaser(request: Request, userId: string): Promise<PurchaseRequest> {
    const user = await this.services.send(Subjects.auth.userGet, { id: userId });
    return { userId, email: user.email, origin: publicOrigin(this.settings, request) };
  }
}
