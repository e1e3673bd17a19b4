import { Injectable, Logger } from '@nestjs/common';
import { Subjects, type PaymentMailRequest } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/**
 * Asks content (the owner of mail) for a payment's companion mail: "Premium is active" when a
 * subscription becomes active, "15 extra generations added" when a pack is granted. Content sends
 * each once per payment. Not awaited by the webhook: a mail problem never fails Stripe's delivery
 * (a retried event grants nothing twice, so it would not bring the mail back either); it is logged.
 */
@Injectable()
export class PaymentMails {
  private readonly logger = new Logger(PaymentMails.name);

  constructor(private readonly services: ServiceClient) {}

  confirmed(request: PaymentMailRequest): void {
    this.services
      .send(Subjects.content.mailPaymentConfirmed, request)
      .catch((error: unknown) => this.logger.warn({ ...request, error: String(error) }, 'payment confirmed, but its mail was not sent'));
  }
}
