import { ComingLater } from '../components/coming-later';

export default function AccountsPage() {
  return (
    <ComingLater
      title="Accounts"
      notice="Live account data arrives in a later release."
      description="This page will list every account with its role, account number, status, creation date and last login, with search and paging, and will let you set an account Active, Inactive or Restricted."
    />
  );
}
