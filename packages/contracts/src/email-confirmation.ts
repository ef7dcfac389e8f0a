// Texts of the sign-up's email confirmation, shared by the API and the apps (no zod here: the apps
// import it without the request schemas).

/** What sign-up, the confirmation link and the refusal to sell to an unconfirmed account say. */
export const EMAIL_CONFIRMATION_MESSAGES = {
  /** Registration's answer, the same whether the address was new or already had an account. */
  checkEmail: 'Check your email to finish signing up: we sent you a message with the next step.',
  /** 403 of holding seats or paying while the address is not confirmed. */
  unconfirmed: 'Confirm your email address before buying tickets. We sent you a link.',
  linkDead: 'This confirmation link has expired or was already used.',
  confirmed: 'Your email address is confirmed. You can now buy tickets.',
  resent: 'If that address has an account waiting for confirmation, a new link is on its way. Check your email.',
} as const;
