import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ErrorCode, Subjects, type AuthUser, type CarryFreeUsedRequest, type DeletionStarted, type FingerprintKept, type FreeGenerationsUsed, type FreeUsedCarried,
  type GetAccountRequest,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { authDatabase } from '../database';
import { AuthSettings } from '../settings';
import { DeletedIdentityEntity } from './deleted-identity.entity';
import { identityFingerprint } from './identity-fingerprint';
import { UserEntity, type User } from './user.entity';
import type { UpsertUserDto } from './user.dto';

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
    private readonly em: EntityManager,
    private readonly settings: AuthSettings,
    private readonly services: ServiceClient,
  ) {}

  /**
   * The user behind an identity, created on first sign-in and refreshed from the issuer's claims
   * after; one atomic statement, so two sign-ins racing for a new identity make one user. An identity
   * whose earlier account was deleted after using free generations has billing count them for this
   * one too (at each sign-in: billing keeps the larger count, and a failure fails the sign-in, so the
   * next one tells billing again before the user can generate anything).
   */
  async upsert(request: UpsertUserDto): Promise<AuthUser> {
    const user = await this.em.upsert(
      UserEntity,
      {
        id: crypto.randomUUID(),
        issuer: request.issuer,
        subject: request.subject,
        username: request.username,
        email: request.email ?? null,
        firstName: request.firstName ?? null,
        lastName: request.lastName ?? null,
        profileImageUrl: request.profileImageUrl ?? null,
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      {
        onConflictFields: ['issuer', 'subject'],
        onConflictAction: 'merge',
        onConflictMergeFields: ['username', 'email', 'firstName', 'lastName', 'profileImageUrl', 'updatedAt'],
      },
    );
    // An identity whose account is being deleted cannot sign in until the deletion has finished.
    if ((await this.em.count(UserEntity, { id: user.id, status: 'deleting' })) > 0) {
      throw new ServiceError(ErrorCode.Unauthenticated, 'This account is being deleted');
    }
    const deleted = await this.em.findOne(DeletedIdentityEntity, { identityHash: this.fingerprint(request.issuer, request.subject) });
    if (deleted && deleted.freeUsed > 0) {
      await this.services.send<FreeUsedCarried, CarryFreeUsedRequest>(Subjects.billing.accountCarryFreeUsed, { userId: user.id, freeUsed: deleted.freeUsed });
    }
    return toAuthUser(user);
  }

  /**
   * The first step of account deletion: the user is marked `deleting`, so from now on their API keys
   * (`ApiKeysService.verify`) and sign-ins (`upsert`) are refused while the other services delete.
   * A user already gone is fine, so the step can be retried.
   */
  async startDeletion(id: string): Promise<DeletionStarted> {
    await this.em.nativeUpdate(UserEntity, { id }, { status: 'deleting' });
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
    const user = await this.em.findOne(UserEntity, { id });
    if (!user) return { kept: true };
    if (user.status !== 'deleting') throw new ServiceError(ErrorCode.Conflict, 'The account is not being deleted');
    const { freeUsed } = await this.services.send<FreeGenerationsUsed, GetAccountRequest>(Subjects.billing.accountFreeUsed, { userId: id });
    await authDatabase(this.em)
      .insertInto('deleted_identity')
      .values((eb) => ({ identityHash: this.fingerprint(user.issuer, user.subject), freeUsed, deletedAt: eb.fn<Date>('now') }))
      .onConflict((conflict) =>
        conflict.column('identityHash').doUpdateSet((eb) => ({
          freeUsed: eb.fn<number>('greatest', [eb.ref('deleted_identity.freeUsed'), eb.ref('excluded.freeUsed')]),
          deletedAt: eb.ref('excluded.deletedAt'),
        })),
      )
      .execute();
    return { kept: true };
  }

  private fingerprint(issuer: string, subject: string): string {
    return identityFingerprint(this.settings.IDENTITY_HASH_SECRET, issuer, subject);
  }

  /** Deletes the user (account deletion); a user already gone is fine, so the step can be retried. */
  async delete(id: string): Promise<{ deleted: true }> {
    await this.em.nativeDelete(UserEntity, { id });
    return { deleted: true };
  }

  async get(id: string): Promise<AuthUser> {
    const user = await this.em.findOne(UserEntity, { id });
    if (!user) throw ServiceError.notFound('User not found');
    return toAuthUser(user);
  }
}
