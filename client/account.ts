// Types of the account data the Go side sends (server/account JSON tags).

/** AccountProfile is what a user tells about themselves (account.Profile). */
export interface AccountProfile {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or "". */
  birthDate: string;
  gender: "" | "male" | "female";
  email: string;
}

/** AccountUser is the signed-in user as the account pages get it. */
export interface AccountUser extends AccountProfile {
  phone: string;
  registered: boolean;
  /** The phone as people write it: +998 90 123-45-67. */
  phoneDisplay: string;
}
