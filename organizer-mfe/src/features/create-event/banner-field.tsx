import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { bannerUrl } from '@sports/api-client/organizer';
import type { Banner } from '@sports/contracts';
import { describeError } from '@sports/ui';
import { useUploadBanner } from './api/use-upload-banner';
import { bannerFileError } from './event-form';

interface BannerFieldProps {
  banner: Banner | null;
  onChange: (banner: Banner) => void;
  /** The form's message (required), shown when no upload message is. */
  error?: string | undefined;
  inputRef?: React.RefObject<HTMLInputElement | null>;
}

/**
 * The banner image: chosen, uploaded at once (the API checks the bytes, size and pixels and says
 * what is wrong), then previewed from the API, so what the organizer sees is what visitors will.
 */
export function BannerField({ banner, onChange, error, inputRef }: BannerFieldProps) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const localRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? localRef;
  const upload = useUploadBanner();

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const refused = bannerFileError(file);
    setFileError(refused ?? null);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: (uploaded) => onChange(uploaded),
      onError: (failure) => setFileError(describeError(failure).message),
    });
  }

  const message = fileError ?? error;
  const describedBy = [`${id}-hint`, message ? `${id}-error` : null, upload.isPending ? `${id}-status` : null].filter(Boolean).join(' ');
  return (
    <div className={`ds-field org-field org-banner${message ? ' org-field--invalid' : ''}`}>
      <label className="ds-field__label" htmlFor={id}>
        Banner image<span className="org-field__required"> (required)</span>
      </label>
      <input
        ref={ref}
        id={id}
        className="ds-input org-banner__input"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-required="true"
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={onPick}
      />
      <p id={`${id}-hint`} className="org-field__hint">
        PNG, JPEG or WebP, at most 5 MB and 4000 pixels a side. A wide image (about 3:1) looks best.
      </p>
      {upload.isPending ? (
        <p id={`${id}-status`} className="org-field__hint" role="status">
          Uploading the banner…
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="org-field__error">
          {message}
        </p>
      ) : null}
      {banner ? (
        <figure className="org-banner__preview">
          <img src={bannerUrl(banner)} alt="Banner preview" width={banner.width} height={banner.height} />
          <figcaption>
            {banner.width} x {banner.height} px, {Math.max(1, Math.round(banner.bytes / 1024))} KB
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
