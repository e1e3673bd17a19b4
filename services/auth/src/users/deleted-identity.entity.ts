import { defineEntity, p } from '@mikro-orm/core';

/**
 * What a deleted account leaves behind, and nothing else of the person: the keyed hash of the identity
 * it signed in with (`identityFingerprint`) and the free generations it had used, so the same identity
 * signing up again starts with those used.
 */
export const DeletedIdentityEntity = defineEntity({
  name: 'DeletedIdentity',
  tableName: 'deleted_identity',
  properties: {
    /** HMAC-SHA256 of issuer and subject under `IDENTITY_HASH_SECRET`, in hex. */
    identityHash: p.string().length(64).primary(),
    /** Free generations used, the largest count of the identity's deleted accounts. */
    freeUsed: p.integer(),
    deletedAt: p.datetime().onCreate(() => new Date()),
  },
});
