import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from '@sports/router';

/*
 * The account pages (SPEC "Login", "Registration", "Forgot password", and the sign-up's email confirmation) and the footer's information
 * pages (Terms, Privacy Policy, Contact Us, Help/FAQ, About Us, Ticketing Truths, and the DISCOVER MORE guides, which share one chunk).
 * Each is its own lazy chunk, so the home page downloads none of them.
 */
const LoginPage = lazy(() => import('./login/login-page').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import('./forgot-password/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const registration = () => import('./register');
const RegistrationLayout = lazy(() => registration().then((m) => ({ default: m.RegistrationLayout })));
const RegisterStep1 = lazy(() => registration().then((m) => ({ default: m.RegisterStep1 })));
const RegisterStep2 = lazy(() => registration().then((m) => ({ default: m.RegisterStep2 })));
const RegisterStep3 = lazy(() => registration().then((m) => ({ default: m.RegisterStep3 })));
const ConfirmEmailPage = lazy(() => import('./confirm-email/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })));
const TermsPage = lazy(() => import('./info/terms-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('./info/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const ContactPage = lazy(() => import('./info/contact-page').then((m) => ({ default: m.ContactPage })));
const HelpPage = lazy(() => import('./info/help-page').then((m) => ({ default: m.HelpPage })));
const AboutPage = lazy(() => import('./info/about-page').then((m) => ({ default: m.AboutPage })));
const TicketingTruthsPage = lazy(() => import('./info/ticketing-truths-page').then((m) => ({ default: m.TicketingTruthsPage })));
const GuidePage = lazy(() => import('./info/guides/guide-page').then((m) => ({ default: m.GuidePage })));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="remote-loading" role="status" aria-live="polite">
          Loading…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** Route elements for the shell's route table: `{accountRoutes}` inside the layout route of <Routes>. */
export const accountRoutes = (
  <>
    <Route
      path="/login"
      element={
        <Page>
          <LoginPage />
        </Page>
      }
    />
    <Route
      element={
        <Page>
          <RegistrationLayout />
        </Page>
      }
    >
      <Route
        path="/register1"
        element={
          <Page>
            <RegisterStep1 />
          </Page>
        }
      />
      <Route
        path="/register2"
        element={
          <Page>
            <RegisterStep2 />
          </Page>
        }
      />
      <Route
        path="/register3"
        element={
          <Page>
            <RegisterStep3 />
          </Page>
        }
      />
    </Route>
    <Route
      path="/ForgotPassword"
      element={
        <Page>
          <ForgotPasswordPage />
        </Page>
      }
    />
    <Route
      path="/confirm-email"
      element={
        <Page>
          <ConfirmEmailPage />
        </Page>
      }
    />
    <Route
      path="/terms"
      element={
        <Page>
          <TermsPage />
        </Page>
      }
    />
    <Route
      path="/privacy"
      element={
        <Page>
          <PrivacyPage />
        </Page>
      }
    />
    <Route
      path="/contact"
      element={
        <Page>
          <ContactPage />
        </Page>
      }
    />
    <Route
      path="/help"
      element={
        <Page>
          <HelpPage />
        </Page>
      }
    />
    <Route
      path="/about"
      element={
        <Page>
          <AboutPage />
        </Page>
      }
    />
    <Route
      path="/ticketing-truths"
      element={
        <Page>
          <TicketingTruthsPage />
        </Page>
      }
    />
    <Route
      path="/guides/:slug"
      element={
        <Page>
          <GuidePage />
        </Page>
      }
    />
  </>
);
