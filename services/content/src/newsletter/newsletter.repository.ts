import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { ContentRepository, now } from '../database';

/** The newsletter: its subscribers (double opt-in) and the issues operators send them. */
@Injectable()
export class NewsletterRepository extends ContentRepository {
  /** The same queries on an entity manager of its own, for work that goes on after the request has been answered. */
  forked(): NewsletterRepository {
    return new NewsletterRepository(this.em.fork());
  }

  /** Stores the address, not yet confirmed, once: the unique index is on `lower(email)`, so the same address in another case is the same row. */
  async insertSubscriber(email: string): Promise<void> {
    await this.db
      .insertInto('newsletter_subscriber')
      .values({ email })
      .onConflict((conflict) => conflict.expression(sql`lower(${sql.ref('email')})`).doNothing())
      .execute();
  }

  /**
   * Claims sending the address's confirmation, in one statement so concurrent sign-ups send once:
   * only while unconfirmed and not sent within the last `resendMinutes`. Answers the subscriber's
   * tokens, or undefined when nothing is to be sent.
   */
  claimConfirmation(email: string, resendMinutes: number): Promise<{ id: number; confirmToken: string; unsubscribeToken: string } | undefined> {
    return this.db
      .updateTable('newsletter_subscriber')
      .set({ confirmationSentAt: now() })
      .where(sql<boolean>`lower(${sql.ref('email')}) = lower(${email})`)
      .where('confirmedAt', 'is', null)
      .where((eb) => eb.or([eb('confirmationSentAt', 'is', null), eb('confirmationSentAt', '<', sql<Date>`now() - make_interval(mins => ${resendMinutes})`)]))
      .returning(['id', 'confirmToken', 'unsubscribeToken'])
      .executeTakeFirst();
  }

  /** The confirmation was not sent after all (the relay refused it): the next sign-up sends it. */
  async releaseConfirmation(subscriberId: number): Promise<void> {
    await this.db.updateTable('newsletter_subscriber').set({ confirmationSentAt: null }).where('id', '=', subscriberId).execute();
  }

  /** Confirms the address of the token (an address confirmed already stays as it is); answers the address, or undefined for an unknown token. */
  async confirm(confirmToken: string): Promise<{ email: string } | undefined> {
    await this.db.updateTable('newsletter_subscriber').set({ confirmedAt: now() }).where('confirmToken', '=', confirmToken).where('confirmedAt', 'is', null).execute();
    return this.db.selectFrom('newsletter_subscriber').select(['email']).where('confirmToken', '=', confirmToken).executeTakeFirst();
  }

  async deleteByUnsubscribeToken(unsubscribeToken: string): Promise<void> {
    await this.db.deleteFrom('newsletter_subscriber').where('unsubscribeToken', '=', unsubscribeToken).execute();
  }

  /** The next `limit` confirmed subscribers in id order after `afterId`: a big list is read in batches, never held at once. */
  confirmedSubscribersAfter(afterId: number, limit: number): Promise<{ id: number; email: string; unsubscribeToken: string }[]> {
    return this.db
      .selectFrom('newsletter_subscriber')
      .select(['id', 'email', 'unsubscribeToken'])
      .where('confirmedAt', 'is not', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async confirmedCount(): Promise<number> {
    const confirmed = await this.db.selectFrom('newsletter_subscriber').select((eb) => eb.fn.countAll<string>().as('count')).where('confirmedAt', 'is not', null).executeTakeFirstOrThrow();
    return Number(confirmed.count);
  }

  /** The newest issues first, at most `limit`. */
  listIssues(limit: number) {
    return this.db
      .selectFrom('newsletter_issue')
      .select(['id', 'subject', 'createdBy', 'createdAt', 'sentCount', 'recipientCount', 'finishedAt'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async insertIssue(issue: { subject: string; body: string; createdBy: string }): Promise<number> {
    const inserted = await this.db.insertInto('newsletter_issue').values(issue).returning(['id']).executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** What the issue says and when it finished (null while unfinished); undefined for no such issue. */
  findIssue(issueId: number): Promise<{ subject: string; body: string; finishedAt: Date | null } | undefined> {
    return this.db.selectFrom('newsletter_issue').select(['subject', 'body', 'finishedAt']).where('id', '=', issueId).executeTakeFirst();
  }

  /** The confirmed subscribers who have no `sent_mail` record of `mailKind` (the issue's) yet. */
  async countNotMailed(mailKind: string): Promise<number> {
    const pending = await this.db
      .selectFrom('newsletter_subscriber')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('confirmedAt', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sent_mail').select('kind').where('kind', '=', mailKind).where('key', '=', sql<string>`cast(${sql.ref('newsletter_subscriber.id')} as text)`))),
      )
      .executeTakeFirstOrThrow();
    return Number(pending.count);
  }

  /** The issue goes to `more` recipients on top of those it was sent to. */
  async setRecipientsBeyondSent(issueId: number, more: number): Promise<void> {
    await this.db
      .updateTable('newsletter_issue')
      .set((eb) => ({ recipientCount: eb('sentCount', '+', more) }))
      .where('id', '=', issueId)
      .execute();
  }

  async countSent(issueId: number): Promise<void> {
    await this.db
      .updateTable('newsletter_issue')
      .set((eb) => ({ sentCount: eb('sentCount', '+', 1) }))
      .where('id', '=', issueId)
      .execute();
  }

  /** The issue has gone to every confirmed subscriber (the first finish counts). */
  async finishIssue(issueId: number): Promise<void> {
    await this.db.updateTable('newsletter_issue').set({ finishedAt: now() }).where('id', '=', issueId).where('finishedAt', 'is', null).execute();
  }
}
