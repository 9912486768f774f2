// Who a valid bearer token says the caller is (before their authorities are loaded).
export interface Principal {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** When the token was issued (its iat, seconds): tokens issued before a user's sign-ins were ended are refused. */
  issuedAt?: number;
  /** The embedded provider's session generation the token was issued in (its sgen): older ones are refused. */
  sessionGeneration?: number;
  /** When the person signed in (the token's auth_time, seconds since epoch), when the provider says. */
  authTime?: number;
}
