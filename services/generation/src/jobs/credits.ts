import { Injectable } from '@nestjs/common';
import { Subjects, type Reservation } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

/** The billing ledger's contract, as jobs use it: reserve before work, commit on success, release on failure. */
@Injectable()
export class Credits {
  constructor(private readonly services: ServiceClient) {}

  /** Whether a reserve would succeed now: throws billing's PAYMENT_REQUIRED as a reserve would; reserves nothing. */
  check(userId: string): Promise<{ available: true }> {
    return this.services.send(Subjects.billing.creditsCheck, { userId });
  }

  /** Throws billing's PAYMENT_REQUIRED (HTTP 402 with the limit) when nothing is left. */
  reserve(userId: string, jobId: string): Promise<Reservation> {
    return this.services.send(Subjects.billing.creditsReserve, { userId, jobId });
  }

  commit(jobId: string): Promise<Reservation> {
    return this.services.send(Subjects.billing.creditsCommit, { jobId });
  }

  release(jobId: string): Promise<Reservation> {
    return this.services.send(Subjects.billing.creditsRelease, { jobId });
  }
}
