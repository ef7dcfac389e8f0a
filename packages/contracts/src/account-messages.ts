// My Account's texts, shared by the API and the page (no validator imported: the apps use them at run time).

/** The texts of My Account that the API and the page share. */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'Current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
  noPassword: 'This account signs in with Google and has no password. To set one, use Forgot password with your email.',
  passwordChanged: 'Your password has been changed. Other devices signed in to your account have been signed out.',
  deletePasswordRequired: 'Enter your password to delete your account.',
  deletePasswordWrong: 'The password is incorrect. Your account was not deleted.',
  deleteEmailRequired: 'Type the email of your account to delete it.',
  deleteEmailWrong: 'That is not the email of your account. Your account was not deleted.',
  lastAdmin: 'You are the last administrator: make another account an administrator before deleting yours.',
  deleted: 'Your account has been deleted. Your tickets stay on the organizers\u2019 records without your name.',
} as const;
