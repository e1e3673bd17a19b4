import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { contentDatabase } from '../database';

@Injectable()
export class NewsletterService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds the address once; subscribing again (in any letter case) changes nothing: the unique index
   * is on `lower(email)`, so a second subscription in another case is silently the same row.
   */
  async subscribe(email: string): Promise<void> {
    await contentDatabase(this.em)
      .insertInto('newsletter_subscriber')
      .values({ email })
      .onConflict((conflict) => conflict.expression(sql`lower(${sql.ref('email')})`).doNothing())
      .execute();
  }
}
