/** A person as the services know them (spec section 3, User, without the billing fields). */
export interface AuthUser {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  profileImageUrl: string | null;
}

/** Sent by the gateway after a sign-in: the identity (issuer + subject) and its profile claims. */
export interface UpsertUserRequest {
  issuer: string;
  subject: string;
  username: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

export interface GetUserRequest {
  id: string;
}
