import { Injectable } from '@nestjs/common';
import { ContentRepository, now } from '../database';

/** The users' choice of mails (`mail_preference`) and the record of mails that go once (`sent_mail`). */
@Injectable()
export class MailRepository extends ContentRepository {
  /** The same queries on an entity manager of its own, for work that goes on after the request has been answered. */
  forked(): MailRepository {
    return new MailRepository(this.em.fork());
  }

  /** The user's stored choice; undefined when they never chose (every mail is on). */
  preferencesOf(userId: string): Promise<{ videoReady: boolean } | undefined> {
    return this.db.selectFrom('mail_preference').select(['videoReady']).where('userId', '=', userId).executeTakeFirst();
  }

  async savePreferences(userId: string, videoReady: boolean): Promise<void> {
    await this.db
      .insertInto('mail_preference')
      .values({ userId, videoReady })
      .onConflict((conflict) => conflict.column('userId').doUpdateSet({ videoReady, updatedAt: now() }))
      .execute();
  }

  async deletePreferencesOf(userId: string): Promise<void> {
    await this.db.deleteFrom('mail_preference').where('userId', '=', userId).execute();
  }

  /** Records the mail of `kind` about `key` as sent; false when it was recorded already (by this run or another). */
  async claimSending(kind: string, key: string): Promise<boolean> {
    const recorded = await this.db.insertInto('sent_mail').values({ kind, key }).onConflict((conflict) => conflict.columns(['kind', 'key']).doNothing()).returning(['kind']).executeTakeFirst();
    return recorded !== undefined;
  }

  /** Un-records a mail the relay refused, so asking again sends it. */
  async releaseSending(kind: string, key: string): Promise<void> {
    await this.db.deleteFrom('sent_mail').where('kind', '=', kind).where('key', '=', key).execute();
  }
}
