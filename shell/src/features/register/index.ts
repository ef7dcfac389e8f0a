/** Entry of the lazily loaded registration chunk (see features/account-routes.tsx). */
export { RegistrationLayout } from './registration-context';
export { RegisterStep1 } from './register-step1';
export { RegisterStep2 } from './register-step2';
export { RegisterStep3 } from './register-step3';
