/** How long the download's object URL lives: long enough for the browser to start saving it. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves bytes made in the page as a file: a blob: URL behind an <a download> link (allowed by
 * the shell's Content-Security-Policy, unlike opening the blob in a window).
 */
export function saveFile(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
