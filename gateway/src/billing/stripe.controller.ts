import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  STRIPE_REQUEST_TIMEOUT_MS, Subjects, type CheckoutStart, type CreateCustomerResponse, type PurchaseRequest, type StripeConfig, type SubscriptionSyncResponse, type ReplyOf, type RequestOf, type Subject,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { AdditionalGenerationsBody, CreateSubscriptionBody } from '@lipcast/nest-kit/requests';
import { CurrentUserId, Public } from '../auth/signed-in.guard';
import { publicOrigin } from '../http/public-origin';
import { GatewaySettings } from '../settings';

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
