import { myProfileQuery } from '@sports/api-client/account';
import { useQuery } from '@sports/query';
import { useId, type ReactNode } from 'react';
import { Link } from '@sports/router';
import { FormAlert } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { TextField } from '../auth-ui/fields';
import { DataDownload } from './data-download';
import { DeleteAccount } from './delete-account';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import '../auth-ui/auth-ui.css';
import './account.css';

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ? `account-section ${className}` : 'account-section'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** /account (signed in): profile and address, email, change password, download my data, delete my account. */
export function AccountPage() {
  const profile = useQuery(myProfileQuery());
  return (
    <article className="page account-page">
      <h1>My Account</h1>
      <p className="account-page__lead">
        Correct your details, change your password, get a copy of what we keep about you or delete your account: your rights under the Data
        Privacy Act of 2012 (see the <Link to="/privacy">Privacy Policy</Link>). Your tickets are in <Link to="/my-tickets">My Tickets</Link>.
      </p>
      {profile.isPending && (
        <p role="status" className="account-section account-section__loading">
          Loading your account…
        </p>
      )}
      {profile.isError && (
        <div className="account-section">
          <FormAlert message={requestErrorMessage(profile.error, 'Your account could not be loaded.')} />
          <button type="button" className="button" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </div>
      )}
      {profile.data && (
        <>
          <Section title="Profile">
            <ProfileForm profile={profile.data} />
          </Section>
          <Section title="Email">
            <TextField label="Email" type="email" name="email" readOnly value={profile.data.email} hint="The address you sign in with. It cannot be changed here." />
          </Section>
          <Section title="Change password">
            <PasswordForm hasPassword={profile.data.has_password} />
          </Section>
          <Section title="Download my data">
            <p>A copy of everything we keep about you (your account, orders, tickets, reviews, messages and sign-ins), as a JSON file.</p>
            <DataDownload />
          </Section>
          <Section title="Delete my account" className="account-danger">
            <DeleteAccount profile={profile.data} />
          </Section>
        </>
      )}
    </article>
  );
}
