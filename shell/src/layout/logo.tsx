/** Our own mark: an arena oval with a ticket notch. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#0b2a5b" />
      <ellipse cx="20" cy="20" rx="13" ry="9" fill="none" stroke="#ffd23f" strokeWidth="3" />
      <ellipse cx="20" cy="20" rx="5" ry="3.2" fill="#ffd23f" />
      <path d="M20 5v6M20 29v6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
