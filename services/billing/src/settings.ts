import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Min } from 'class-validator';
import { PREMIUM_MONTHLY_PRICE_CENTS, type CheckoutMode, type QuotaKind } from '@lipcast/contracts';
import { EnvPurpose, RequiredInProduction, ServiceSettings, WholeNumber } from '@lipcast/nest-kit';

/** The billing service's environment: the database and NATS, plus Stripe. */
export class BillingSettings extends ServiceSettings {
  @EnvPurpose('Stripe secret key (sk_test_… or sk_live_…); npm start uses the local Stripe stand-in when unset')
  @RequiredInProduction()
  @Matches(/^(sk|rk)_(test|live)_\S+$/, { message: 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)' })
  STRIPE_SECRET_KEY!: string;

  @EnvPurpose('signing secret of the webhook endpoint /api/stripe/webhook (whsec_…)')
  @Matches(/^whsec_\S+$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' })
  STRIPE_WEBHOOK_SECRET!: string;

  @EnvPurpose('Stripe publishable key for the embedded payment form (pk_test_… or pk_live_…)')
  @IsOptional()
  @Matches(/^pk_(test|live)_\S+$/, { message: 'must be a Stripe publishable key (pk_test_…, pk_live_…)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  @EnvPurpose('how the browser pays: "embedded" (Stripe.js form, needs the publishable key) or "hosted" (Stripe Checkout); default embedded when a publishable key is set')
  @IsOptional()
  @IsIn(['embedded', 'hosted'], { message: 'must be "embedded" or "hosted"' })
  STRIPE_CHECKOUT?: CheckoutMode;

  @EnvPurpose('base URL of a Stripe-compatible API (the local stand-in); unset means api.stripe.com')
  @IsOptional()
  @Matches(/^https?:\/\/[^/]+\/?$/, { message: 'must be an http(s) origin such as http://127.0.0.1:12111' })
  STRIPE_API_URL?: string;

  @EnvPurpose('price of the monthly Premium plan in cents')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of cents' })
  @Min(50, { message: 'must be at least 50 (Stripe\'s minimum charge)' })
  PREMIUM_PRICE_CENTS = PREMIUM_MONTHLY_PRICE_CENTS;

  @EnvPurpose('speech previews (POST /api/replicate/audio) a free user may make per UTC day')
  @WholeNumber(1)
  QUOTA_FREE_SPEECH_PER_DAY = 30;

  @EnvPurpose('image previews a free user may make per UTC day: portraits (POST /api/ai-influencer/image) and the silent clips made from them (POST /api/ai-influencer/video)')
  @WholeNumber(1)
  QUOTA_FREE_IMAGES_PER_DAY = 10;

  @EnvPurpose('scripts (POST /api/openai/generate-script) a free user may have written per UTC day')
  @WholeNumber(1)
  QUOTA_FREE_SCRIPTS_PER_DAY = 10;

  @EnvPurpose('how many times the free daily quotas a Premium user gets')
  @WholeNumber(1)
  QUOTA_PREMIUM_MULTIPLIER = 10;

  /** A plan's daily limit of one kind of preview. */
  dailyLimit(kind: QuotaKind, premium: boolean): number {
    const free = { speech: this.QUOTA_FREE_SPEECH_PER_DAY, image: this.QUOTA_FREE_IMAGES_PER_DAY, script: this.QUOTA_FREE_SCRIPTS_PER_DAY }[kind];
    return premium ? free * this.QUOTA_PREMIUM_MULTIPLIER : free;
  }

  get checkoutMode(): CheckoutMode {
    return this.STRIPE_CHECKOUT ?? (this.STRIPE_PUBLISHABLE_KEY ? 'embedded' : 'hosted');
  }
}
