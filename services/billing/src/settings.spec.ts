import { InvalidEnvironmentError, readEnv } from '@lipcast/nest-kit';
import { BillingSettings } from './settings';

describe('BillingSettings in production', () => {
  it('refuses to start without a Stripe secret key (no stand-in), naming it', () => {
    let message = '';
    try {
      readEnv(BillingSettings, { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db.internal/lipcast', NATS_URL: 'nats://nats.internal:4222', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^ {2}STRIPE_SECRET_KEY \(.*\): must be set when NODE_ENV=production/m);
  });
});
