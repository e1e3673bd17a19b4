import { Injectable } from '@nestjs/common';
import {
  ErrorCode, Subjects, type AuthUser, type DeletionStarted, type FingerprintKept,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { ApiKeyInvalidations } from '../api-keys/api-key-invalidations';
import { AuthSettings } from '../settings';
import { identityFingerprint } from './identity-fingerprint';
import type { User } from './user.entity';
import type { UpsertUserDto } from './user.dto';
import { UsersRepository } from './users.repository';

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    bio: user.bio ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly settings: AuthSettings,
    private readonly services: ServiceClient,
    private readonly keyInvalidations: ApiKeyInvalidations,
  ) {}

  /**
   * The user behind an identity (`UsersRepository.upsertByIdentity`). An identity whose earlier account
   * was deleted after using free generations has billing count them for this one too (at each sign-in:
   * billing keeps the larger count, and a failure fails the sign-in, so the next one tells billing
   * again before the user can generate anything).
   */
  async upsert(request: UpsertUserDto): Promise<AuthUser> {
    const user = await this.users.upsertByIdentity({
      issuer: request.issuer,
      subject: request.subject,
      username: request.username,
      email: request.email ?? null,
      firstName: request.firstName ?? null,
      lastName: request.lastName ?? null,
      profileImageUrl: request.profileImageUrl ?? null,
    });
    // An identity whose account is being deleted cannot sign in until the deletion has finished.
    if (await this.users.isDeleting(user.id)) {
      throw new ServiceError(ErrorCode.Unauthenticated, 'This account is being deleted');
    }
    const freeUsed = await this.users.freeUsedByDeletedIdentity(this.fingerprint(request.issuer, request.subject));
    if (freeUsed > 0) {
      await this.services.send(Subjects.billing.accountCarryFreeUsed, { userId: user.id, freeUsed });
    }
    return toAuthUser(user);
  }

  /**
   * The first step of account deletion: the user is marked `deleting`, so from now on their API keys
   * (`ApiKeysService.verify`) and sign-ins (`upsert`) are refused while the other services delete.
   * A user already gone is fine, so the step can be retried. The gateways drop the user's keys from
   * their caches before this answers.
   */
  async startDeletion(id: string): Promise<DeletionStarted> {
    await this.users.markDeleting(id);
    await this.keyInvalidations.publish({ userId: id, keyId: null, reason: 'owner-deleting' });
    return { deleting: true };
  }

  /**
   * A step of account deletion, after generation's (no job left to take or give back a credit) and before
   * billing anonymises the ledger: the identity's fingerprint is kept with the free generations billing
   * counts as used, the larger count when it is there already (an earlier account, or this step retried
   * after billing's, which then counts none). Nothing else of the person is kept. A user already gone is
   * fine, so the step can be retried.
   */
  async keepFingerprint(id: string): Promise<FingerprintKept> {
    const user = await this.users.find(id);
    if (!user) return { kept: true };
    if (user.status !== 'deleting') throw new ServiceError(ErrorCode.Conflict, 'The account is not being deleted');
    const { freeUsed } = await this.services.send(Subjects.billing.accountFreeUsed, { userId: id });
    await this.users.keepDeletedIdentity(this.fingerprint(user.issuer, user.subject), freeUsed);
    return { kept: true };
  }

  private fingerprint(issuer: string, subject: string): string {
    return identityFingerprint(this.settings.IDENTITY_HASH_SECRET, issuer, subject);
  }

  /** Deletes the user (account deletion); a user already gone is fine, so the step can be retried. */
  async delete(id: string): Promise<{ deleted: true }> {
    await this.users.delete(id);
    // Deletion starts with `startDeletion`, which told the gateways already; this covers a delete without it.
    await this.keyInvalidations.publish({ userId: id, keyId: null, reason: 'owner-deleted' });
    return { deleted: true };
  }

  async get(id: string): Promise<AuthUser> {
    const user = await this.users.find(id);
    if (!user) throw ServiceError.notFound('User not found');
    return toAuthUser(user);
  }
}
