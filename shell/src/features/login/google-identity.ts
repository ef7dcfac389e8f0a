/**
 * The only module that touches Google Identity Services (GIS). Tests replace it with jest.mock,
 * so nothing else in the app depends on the script or on `window.google`.
 */

/** SPEC §7: the provider's callback yields a credential and a select_by value. */
export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: GoogleButtonSize;
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}

export interface GoogleInitializeOptions {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  context?: 'signin' | 'signup' | 'use';
  use_fedcm_for_prompt?: boolean;
}

/** The part of `google.accounts.id` the login page uses. */
export interface GoogleIdentity {
  initialize(options: GoogleInitializeOptions): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  /** One-tap prompt. */
  prompt(): void;
  cancel(): void;
}

/** SPEC §9: sign-in button heights in px by GIS size. */
export const GOOGLE_BUTTON_HEIGHTS = { large: 40, medium: 32, small: 20 } as const;
export type GoogleButtonSize = keyof typeof GOOGLE_BUTTON_HEIGHTS;

export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

function currentApi(): GoogleIdentity | null {
  return window.google?.accounts?.id ?? null;
}

let loading: Promise<GoogleIdentity> | null = null;

/** Loads the GIS script once, on demand (only the login page asks, and only when a client id is configured). */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const ready = currentApi();
  if (ready) return Promise.resolve(ready);
  if (!loading) {
    const attempt = new Promise<GoogleIdentity>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = GIS_SCRIPT_URL;
      script.async = true;
      script.onload = () => {
        const api = currentApi();
        if (api) resolve(api);
        else reject(new Error('Google Identity Services loaded without google.accounts.id'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(`Could not load ${GIS_SCRIPT_URL}`));
      };
      document.head.appendChild(script);
    });
    // A failed load may be retried on the next visit to the page.
    loading = attempt.catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}
