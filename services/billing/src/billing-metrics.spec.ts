import { webhookEventTypeLabel } from './billing-metrics';

describe(webhookEventTypeLabel.name, () => {
  it('keeps the event types the webhook acts on and folds every other into `other`', () => {
    expect(webhookEventTypeLabel('checkout.session.completed')).toBe('checkout.session.completed');
    expect(webhookEventTypeLabel('charge.dispute.created')).toBe('charge.dispute.created');
    expect(webhookEventTypeLabel('customer.created')).toBe('other');
    expect(webhookEventTypeLabel('anything.an.attacker.signs')).toBe('other');
  });
});
