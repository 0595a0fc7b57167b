/** Messages for the error codes the Google callback can carry (spec-1 §8). */
const CALLBACK_ERROR_MESSAGES: Record<string, string> = {
  authentication_failed: 'Authentication failed. Please try again.',
  oauth_error: 'OAuth error occurred. Please try again.',
  oauth_cancelled: 'Authentication was cancelled.',
  email_unverified:
    'Google has not verified the e-mail address of this Google account. Verify it with Google, or sign up with your e-mail address and a password.',
};

export function getCallbackErrorMessage(code: string): string {
  return Object.hasOwn(CALLBACK_ERROR_MESSAGES, code)
    ? (CALLBACK_ERROR_MESSAGES[code] ?? 'Authentication failed')
    : 'Authentication failed';
}
