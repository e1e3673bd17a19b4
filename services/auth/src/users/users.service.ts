import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ErrorCode, type AuthUser, type DeletionStarted } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
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
  };
}

@Injectable()
export class UsersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The user behind an identity, created on first sign-in and refreshed from the issuer's claims
   * after; one atomic statement, so two sign-ins racing for a new identity make one user.
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
