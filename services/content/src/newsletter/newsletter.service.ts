import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ServiceError } from '@lipcast/nest-kit';
import { contentDatabase, now } from '../database';
import { Mailer } from '../mail/mailer';
import { MailLinks } from '../mail/mail-links';
import { newsletterConfirmationMail } from '../mail/templates';

/** Signing up again before confirming resends the confirmation at most this often, so nobody can flood an address. */
export const CONFIRMATION_RESEND_MINUTES = 10;

@Injectable()
export class NewsletterService {
  constructor(
    private readonly em: EntityManager,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
  ) {}

  /**
   * Double opt-in: stores the address inactive once (the unique index is on `lower(email)`, so a
   * second sign-up in another case is the same row) and mails it the confirmation link. Signing up
   * again before confirming sends the link again, at most every CONFIRMATION_RESEND_MINUTES; a
   * confirmed address gets nothing more. A mail the relay refused is not counted as sent.
   */
  async subscribe(email: string): Promise<void> {
    const db = contentDatabase(this.em);
    await db
      .insertInto('newsletter_subscriber')
      .values({ email })
      .onConflict((conflict) => conflict.expression(sql`lower(${sql.ref('email')})`).doNothing())
      .execute();
    const sameAddress = sql<boolean>`lower(${sql.ref('email')}) = lower(${email})`;
    // Claims this sending (unconfirmed, and not sent within the window) in one statement, so concurrent sign-ups send once.
    const due = await db
      .updateTable('newsletter_subscriber')
      .set({ confirmationSentAt: now() })
      .where(sameAddress)
      .where('confirmedAt', 'is', null)
      .where((eb) => eb.or([eb('confirmationSentAt', 'is', null), eb('confirmationSentAt', '<', sql<Date>`now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`)]))
      .returning(['id', 'confirmToken', 'unsubscribeToken'])
      .executeTakeFirst();
    if (!due) return;
    try {
      // To the address as typed now: the stored one may differ only in letter case.
      await this.mailer.send(
        email,
        newsletterConfirmationMail({ confirmUrl: this.links.newsletterConfirm(due.confirmToken), unsubscribeUrl: this.links.newsletterUnsubscribe(due.unsubscribeToken) }),
      );
    } catch (error) {
      await db.updateTable('newsletter_subscriber').set({ confirmationSentAt: null }).where('id', '=', due.id).execute();
      throw error;
    }
  }

  /** Activates the address of a confirmation link; following it again is a success too. */
  async confirm(token: string): Promise<{ email: string }> {
    const db = contentDatabase(this.em);
    await db.updateTable('newsletter_subscriber').set({ confirmedAt: now() }).where('confirmToken', '=', token).where('confirmedAt', 'is', null).execute();
    const subscriber = await db.selectFrom('newsletter_subscriber').select(['email']).where('confirmToken', '=', token).executeTakeFirst();
    if (!subscriber) throw ServiceError.notFound('This confirmation link is not valid any more. Please sign up again.');
    return subscriber;
  }

  /** Removes the address of an unsubscribe link; an unknown token (already unsubscribed) changes nothing. */
  async unsubscribe(token: string): Promise<void> {
    await contentDatabase(this.em).deleteFrom('newsletter_subscriber').where('unsubscribeToken', '=', token).execute();
  }

  /** Confirmed addresses with their unsubscribe links: who a newsletter issue goes to. */
  async recipients(): Promise<{ email: string; unsubscribeUrl: string }[]> {
    const rows = await contentDatabase(this.em)
      .selectFrom('newsletter_subscriber')
      .select(['email', 'unsubscribeToken'])
      .where('confirmedAt', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ email: row.email, unsubscribeUrl: this.links.newsletterUnsubscribe(row.unsubscribeToken) }));
  }
}
