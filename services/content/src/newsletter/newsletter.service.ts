import { Injectable } from '@nestjs/common';
import { ServiceError } from '@lipcast/nest-kit';
import { Mailer } from '../mail/mailer';
import { MailLinks } from '../mail/mail-links';
import { newsletterConfirmationMail } from '../mail/templates';
import { NewsletterRepository } from './newsletter.repository';

/** Signing up again before confirming resends the confirmation at most this often, so nobody can flood an address. */
export const CONFIRMATION_RESEND_MINUTES = 10;

@Injectable()
export class NewsletterService {
  constructor(
    private readonly newsletter: NewsletterRepository,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
  ) {}

  /**
   * Double opt-in: stores the address inactive once, whatever its letter case (`insertSubscriber`), and
   * mails it the confirmation link. Signing up again before confirming sends the link again, at most
   * every CONFIRMATION_RESEND_MINUTES (`claimConfirmation`: concurrent sign-ups send once); a confirmed
   * address gets nothing more. A mail the relay refused is not counted as sent.
   */
  async subscribe(email: string): Promise<void> {
    await this.newsletter.insertSubscriber(email);
    const due = await this.newsletter.claimConfirmation(email, CONFIRMATION_RESEND_MINUTES);
    if (!due) return;
    try {
      // To the address as typed now: the stored one may differ only in letter case.
      await this.mailer.send(
        email,
        newsletterConfirmationMail({ confirmUrl: this.links.newsletterConfirm(due.confirmToken), unsubscribeUrl: this.links.newsletterUnsubscribe(due.unsubscribeToken) }),
      );
    } catch (error) {
      await this.newsletter.releaseConfirmation(due.id);
      throw error;
    }
  }

  /** Activates the address of a confirmation link; following it again is a success too. */
  async confirm(token: string): Promise<{ email: string }> {
    const subscriber = await this.newsletter.confirm(token);
    if (!subscriber) throw ServiceError.notFound('This confirmation link is not valid any more. Please sign up again.');
    return subscriber;
  }

  /** Removes the address of an unsubscribe link; an unknown token (already unsubscribed) changes nothing. */
  async unsubscribe(token: string): Promise<void> {
    await this.newsletter.deleteByUnsubscribeToken(token);
  }
}
