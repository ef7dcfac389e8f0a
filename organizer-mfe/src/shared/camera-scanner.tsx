import { useEffect, useRef, useState } from 'react';
import { cameraAvailable, frameDecoder } from './qr-camera';

/** The same code seen again within this long is the same ticket still in front of the camera. */
const REPEAT_MS = 3000;
const FRAME_MS = 200;

interface CameraScannerProps {
  onCode: (code: string) => void;
}

/** A camera preview that reports each QR code it reads (once per code while it stays in view). */
export function CameraScanner({ onCode }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  });

  useEffect(() => {
    if (!on) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const decode = await frameDecoder();
        const tick = async () => {
          if (stopped) return;
          const code = await decode(video).catch(() => null);
          const now = Date.now();
          if (code && (code !== last.code || now - last.at > REPEAT_MS)) report.current(code);
          if (code) last = { code, at: now };
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) {
          setProblem(error instanceof DOMException && error.name === 'NotAllowedError' ? 'The camera was not allowed. Allow it in the browser, or type or paste the code.' : 'The camera could not be started. Type or paste the code instead.');
          setOn(false);
        }
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  if (!cameraAvailable()) return <p className="org-field__hint">No camera on this device: type, paste or use a USB scanner.</p>;
  return (
    <div className="org-camera">
      <button
        type="button"
        className="ds-button"
        aria-pressed={on}
        onClick={() => {
          setProblem(null);
          setOn((value) => !value);
        }}
      >
        {on ? 'Stop camera' : 'Use camera'}
      </button>
      {problem ? <p className="org-field__error">{problem}</p> : null}
      {on ? <video ref={videoRef} className="org-camera__video" muted playsInline aria-label="Camera preview: hold the ticket's QR code in view" /> : null}
    </div>
  );
}
