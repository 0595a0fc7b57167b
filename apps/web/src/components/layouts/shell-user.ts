/** What the signed-in shell shows about the user (the sidebar and the header avatar). */
export interface ShellUser {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  username?: string | undefined;
  role?: string | null | undefined;
  profilePicture?: string | null | undefined;
  /** The plan in force ('free', 'premium', 'ministry'); the header names a paid one. */
  plan?: string | null | undefined;
}
