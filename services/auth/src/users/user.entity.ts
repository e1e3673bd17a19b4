import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** `active`, or `deleting` while account deletion runs (the row goes at its end). */
export const USER_STATUSES = ['active', 'deleting'] as const;

/** A person, linked to the identity (issuer + subject) they sign in with. */
export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'user',
  uniques: [{ properties: ['issuer', 'subject'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    issuer: p.string().length(500),
    subject: p.string().length(255),
    username: p.string().length(100),
    email: p.string().length(320).nullable(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    bio: p.text().nullable(),
    profileImageUrl: p.string().length(1000).nullable(),
    /** `deleting` from the first step of account deletion until the user is removed: API keys and sign-ins are refused. */
    status: p.enum(USER_STATUSES).default('active'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export type User = InferEntity<typeof UserEntity>;
