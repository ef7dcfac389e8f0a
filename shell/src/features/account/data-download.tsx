import type { MyDataResponse } from '@sports/contracts';
import { getMyData } from '@sports/api-client/account';
import { useState } from 'react';
import { FormAlert } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';

/** Saves `text` as a file named `name` through the browser's download. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Download my data: everything stored about the account, as one JSON file. */
export function DataDownload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const data: Partial<MyDataResponse> = await getMyData();
      delete data.success;
      saveFile(`my-data-${(data.exportedAt ?? '').slice(0, 10)}.json`, `${JSON.stringify(data, null, 2)}\n`);
    } catch (failure) {
      setError(requestErrorMessage(failure, 'Your data could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <FormAlert message={error} />
      <button type="button" className="button auth-submit" disabled={busy} aria-busy={busy || undefined} onClick={() => void download()}>
        {busy ? 'Preparing your data…' : 'Download my data'}
      </button>
    </>
  );
}
