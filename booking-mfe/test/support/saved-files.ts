import { PDFDocument } from 'pdf-lib';

export interface SavedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Catches what the page saves through a blob: URL and an <a download> click (jsdom has neither
 * object URLs nor downloads). Resolves the promise of each file once its bytes are read.
 */
export function catchSavedFiles(): { next: () => Promise<SavedFile>; restore: () => void } {
  const blobs = new Map<string, Blob>();
  const waiting: Array<(file: SavedFile) => void> = [];
  const saved: SavedFile[] = [];
  let n = 0;
  const created = jest.fn((blob: Blob) => {
    n += 1;
    const url = `blob:test/${n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.createObjectURL = created;
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) return;
    const name = this.download;
    void readBlob(blob).then((bytes) => {
      const file = { name, type: blob.type, bytes };
      const resolve = waiting.shift();
      if (resolve) resolve(file);
      else saved.push(file);
    });
  });
  return {
    next: () => {
      const file = saved.shift();
      return file ? Promise.resolve(file) : new Promise((resolve) => waiting.push(resolve));
    },
    restore: () => click.mockRestore(),
  };
}

/** Pages of a PDF, read back with the library that wrote it. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}
