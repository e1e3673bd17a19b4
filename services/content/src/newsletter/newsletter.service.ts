import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** The unique index is on lower(email): a second subscription in any case is silently the same row. */
const SUBSCRIBE_SQL = `
  insert into content.newsletter_subscriber (email) values (?)
  on conflict ((lower(email))) do nothing`;

@Injectable()
export class NewsletterService {
  constructor(private readonly em: EntityManager) {}

  /** Adds the address once; subscribing again (in any letter case) changes nothing. */
  async subscribe(email: string): Promise<void> {
    await this.em.getConnection().execute(SUBSCRIBE_SQL, [email]);
  }
}
