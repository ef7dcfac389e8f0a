/** Our own inline artwork: a stadium bowl with a ticket-stub cut, and a menu glyph. Decorative only. */
export function Logo() {
  return (
    <svg className="adm-logo" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill="#fbbf24" />
      <ellipse cx="20" cy="21" rx="13" ry="8" fill="none" stroke="#0f2a4a" strokeWidth="2.5" />
      <ellipse cx="20" cy="21" rx="7" ry="3.5" fill="#0f2a4a" />
      <path d="M9 15 L20 8 L31 15" fill="none" stroke="#0f2a4a" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The avatar placeholder of a feedback card: a person's outline on a grey disc. */
export function AvatarIcon() {
  return (
    <svg className="adm-avatar" width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
      <circle cx="22" cy="22" r="22" fill="#d1d5db" />
      <circle cx="22" cy="17" r="7.5" fill="#6b7280" />
      <path d="M8.5 36.5c2.8-6.2 8-9.5 13.5-9.5s10.7 3.3 13.5 9.5" fill="#6b7280" />
    </svg>
  );
}
