import { getAuthConfig } from '@sports/api-client/auth';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { GOOGLE_BUTTON_HEIGHTS, loadGoogleIdentity, type GoogleButtonSize, type GoogleCredentialResponse, type GoogleIdentity } from './google-identity';

/** SPEC §9 sizes: large 40, medium 32, small 20. The login card uses the large one. */
const BUTTON_SIZE: GoogleButtonSize = 'large';
const BUTTON_HEIGHT = GOOGLE_BUTTON_HEIGHTS[BUTTON_SIZE];

export const SOCIAL_NOT_CONFIGURED = 'Social sign-in is not configured on this server.';
export const SOCIAL_UNAVAILABLE = 'Social sign-in is unavailable right now. You can still log in with your email and password.';

type ConfigState = { status: 'loading' } | { status: 'ready'; clientId: string } | { status: 'off' } | { status: 'failed' };

function GoogleLogo() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 48 48">
      <path fill="#9aa3b2" d="M44.5 20H24v8.5h11.8C34.7 33.9 30.1 37 24 37c-7.2 0-13-5.8-13-13s5.8-13 13-13c3.1 0 5.9 1.1 8.1 2.9l6.4-6.4C34.6 4.1 29.6 2 24 2 11.8 2 2 11.8 2 24s9.8 22 22 22c11 0 21-8 21-22 0-1.3-.2-2.7-.5-4z" />
    </svg>
  );
}

function SocialNote({ text }: { text: string }) {
  return (
    <p className="social-note" style={{ minHeight: BUTTON_HEIGHT }}>
      <GoogleLogo />
      <span>{text}</span>
    </p>
  );
}

/** Renders Google's own button and asks for the one-tap prompt; both answer through `onResponse`. */
function GoogleButton({ clientId, onResponse }: { clientId: string; onResponse: (response: GoogleCredentialResponse) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const respond = useEffectEvent((response: GoogleCredentialResponse) => onResponse(response));

  useEffect(() => {
    let cancelled = false;
    let api: GoogleIdentity | null = null;
    loadGoogleIdentity().then(
      (gis) => {
        const element = container.current;
        if (cancelled || !element) return;
        api = gis;
        gis.initialize({
          client_id: clientId,
          callback: (response) => respond(response),
          cancel_on_tap_outside: true,
          use_fedcm_for_prompt: true,
        });
        gis.renderButton(element, {
          type: 'standard',
          theme: 'outline',
          size: BUTTON_SIZE,
          text: 'signin_with',
          shape: 'pill',
          logo_alignment: 'left',
          width: Math.min(400, Math.max(200, element.clientWidth || 320)),
        });
        gis.prompt();
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('Google sign-in could not start:', error);
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      api?.cancel();
    };
  }, [clientId]);

  if (failed) return <SocialNote text={SOCIAL_UNAVAILABLE} />;
  return <div ref={container} className="google-button" style={{ minHeight: BUTTON_HEIGHT }} data-testid="google-button" />;
}

/**
 * Social sign-in block of the login page. Asks the API for the client id (GET /api/auth-config);
 * without one it explains that social sign-in is not configured instead of showing a dead button.
 */
export function GoogleSignIn({ onResponse }: { onResponse: (response: GoogleCredentialResponse) => void }) {
  const [config, setConfig] = useState<ConfigState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    // Wrapped so that even a synchronous throw becomes a handled rejection.
    (async () => getAuthConfig(controller.signal))().then(
      ({ googleClientId }) => setConfig(googleClientId ? { status: 'ready', clientId: googleClientId } : { status: 'off' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Sign-in options could not be loaded:', error);
        setConfig({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  switch (config.status) {
    case 'loading':
      return <div className="social-placeholder" style={{ minHeight: BUTTON_HEIGHT }} aria-hidden="true" />;
    case 'off':
      return <SocialNote text={SOCIAL_NOT_CONFIGURED} />;
    case 'failed':
      return <SocialNote text={SOCIAL_UNAVAILABLE} />;
    case 'ready':
      return <GoogleButton clientId={config.clientId} onResponse={onResponse} />;
  }
}
