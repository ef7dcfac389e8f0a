/* Our own decorative illustrations for the home page (no external images). All are aria-hidden:
   the text next to each one carries the meaning. */
import type { ReactNode } from 'react';

function Art({ viewBox, width, height, children }: { viewBox: string; width: number; height: number; children: ReactNode }) {
  return (
    <svg className="bk-art" viewBox={viewBox} width={width} height={height} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const TILE = { viewBox: '0 0 320 180', width: 320, height: 180 };
const ICON = { viewBox: '0 0 120 120', width: 120, height: 120 };

export function PageantArt() {
  return (
    <Art {...TILE}>
      <rect width="320" height="180" fill="#2a1458" />
      <path d="M60 0h40l40 150H20zM220 0h40l40 150H180z" fill="#ffffff" opacity="0.08" />
      <rect y="142" width="320" height="38" fill="#1a0c3a" />
      <ellipse cx="160" cy="142" rx="110" ry="12" fill="#4a2a8c" />
      <path d="M112 112l10-46 22 28 16-38 16 38 22-28 10 46z" fill="#f5b301" />
      <rect x="112" y="112" width="96" height="14" rx="3" fill="#d99a00" />
      <circle cx="160" cy="52" r="6" fill="#ff6fa8" />
      <circle cx="122" cy="64" r="4" fill="#8fd3ff" />
      <circle cx="198" cy="64" r="4" fill="#8fd3ff" />
      <path d="M40 40l3 8 8 3-8 3-3 8-3-8-8-3 8-3zM276 30l2 6 6 2-6 2-2 6-2-6-6-2 6-2zM262 96l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#ffe27a" />
    </Art>
  );
}

export function MusicFestArt() {
  return (
    <Art {...TILE}>
      <rect width="320" height="180" fill="#0b1f3a" />
      <path d="M160 40L40 150h40zM160 40l40 110h40zM160 40l-20 110h40z" fill="#5ab0ff" opacity="0.14" />
      <path d="M70 96q90-70 180 0v12H70z" fill="#1d4ed8" />
      <rect x="70" y="104" width="180" height="8" fill="#f5b301" />
      <g fill="#081426">
        <circle cx="40" cy="140" r="12" /><rect x="26" y="150" width="28" height="30" rx="10" />
        <circle cx="92" cy="136" r="13" /><rect x="77" y="147" width="30" height="33" rx="10" />
        <circle cx="150" cy="142" r="12" /><rect x="136" y="152" width="28" height="28" rx="10" />
        <circle cx="206" cy="135" r="13" /><rect x="191" y="146" width="30" height="34" rx="10" />
        <circle cx="262" cy="141" r="12" /><rect x="248" y="151" width="28" height="29" rx="10" />
        <path d="M100 124l-14-30 6-3 14 30zM214 122l12-32 6 2-12 32z" />
      </g>
      <g fill="#f5b301">
        <path d="M240 30v30a8 7 0 1 1-4-6V36l26-6v24a8 7 0 1 1-4-6V38z" />
        <path d="M58 46v22a7 6 0 1 1-4-5V46z" />
      </g>
    </Art>
  );
}

export function ZumbaArt() {
  return (
    <Art {...TILE}>
      <rect width="320" height="180" fill="#c2410c" />
      <path d="M0 120q80-40 160 0t160 0v60H0z" fill="#ea580c" />
      <path d="M0 150q80-30 160 0t160 0v30H0z" fill="#9a3412" />
      <circle cx="262" cy="44" r="22" fill="#fde68a" />
      <g fill="none" stroke="#fff7ed" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M88 82v36l-14 30M88 118l16 28M88 92l-22-20M88 92l24-14" />
        <path d="M160 76v38l-18 28M160 114l12 32M160 86l-26 6M160 86l20-22" />
        <path d="M232 84v34l-10 30M232 118l20 24M232 94l-20-18M232 94l26 4" />
      </g>
      <g fill="#fff7ed">
        <circle cx="88" cy="66" r="11" />
        <circle cx="160" cy="60" r="11" />
        <circle cx="232" cy="68" r="11" />
      </g>
    </Art>
  );
}

export function BasketballArt() {
  return (
    <Art {...TILE}>
      <rect width="320" height="180" fill="#133463" />
      <rect y="128" width="320" height="52" fill="#b45309" />
      <path d="M0 140h320M60 128q100 40 200 0" fill="none" stroke="#fde68a" strokeWidth="3" opacity="0.7" />
      <rect x="196" y="18" width="92" height="60" rx="4" fill="#f8fafc" />
      <rect x="226" y="40" width="32" height="24" fill="none" stroke="#dc2626" strokeWidth="4" />
      <ellipse cx="242" cy="82" rx="24" ry="6" fill="none" stroke="#f97316" strokeWidth="5" />
      <path d="M220 84l8 26M232 86l4 26M252 86l-4 26M264 84l-8 26M224 98h36" fill="none" stroke="#e2e8f0" strokeWidth="2" />
      <circle cx="110" cy="86" r="34" fill="#f97316" />
      <path d="M76 86h68M110 52v68M86 62q18 24 0 48M134 62q-18 24 0 48" fill="none" stroke="#431407" strokeWidth="3" />
      <path d="M148 70q20-30 50-28" fill="none" stroke="#fde68a" strokeWidth="3" strokeDasharray="4 7" strokeLinecap="round" />
    </Art>
  );
}

export function BackpackIcon() {
  return (
    <Art {...ICON}>
      <circle cx="60" cy="60" r="56" fill="#e8effc" />
      <path d="M46 30a14 14 0 0 1 28 0" fill="none" stroke="#0b1f3a" strokeWidth="5" />
      <rect x="32" y="30" width="56" height="66" rx="16" fill="#1d4ed8" />
      <rect x="42" y="62" width="36" height="24" rx="6" fill="#133463" />
      <rect x="54" y="58" width="12" height="8" rx="2" fill="#f5b301" />
      <path d="M40 46h40" stroke="#5ab0ff" strokeWidth="4" strokeLinecap="round" />
    </Art>
  );
}

export function SeasonIcon() {
  return (
    <Art {...ICON}>
      <circle cx="60" cy="60" r="56" fill="#fef3c7" />
      <rect x="26" y="32" width="68" height="60" rx="8" fill="#ffffff" stroke="#0b1f3a" strokeWidth="4" />
      <rect x="26" y="32" width="68" height="16" rx="6" fill="#1d4ed8" />
      <path d="M42 26v12M78 26v12" stroke="#0b1f3a" strokeWidth="5" strokeLinecap="round" />
      <circle cx="60" cy="70" r="10" fill="#f5b301" />
      <path d="M60 54v-4M60 90v-4M44 70h-4M80 70h-4M49 59l-3-3M74 84l-3-3M49 81l-3 3M74 56l-3 3" stroke="#f5b301" strokeWidth="3" strokeLinecap="round" />
    </Art>
  );
}

export function TicketIcon() {
  return (
    <Art {...ICON}>
      <circle cx="60" cy="60" r="56" fill="#dcfce7" />
      <path d="M22 42h76v12a8 8 0 0 0 0 16v12H22V70a8 8 0 0 0 0-16z" fill="#f5b301" stroke="#0b1f3a" strokeWidth="4" strokeLinejoin="round" />
      <path d="M74 44v36" stroke="#0b1f3a" strokeWidth="3" strokeDasharray="4 4" />
      <circle cx="48" cy="62" r="12" fill="#ffffff" stroke="#0b1f3a" strokeWidth="3" />
      <path d="M48 55v7l5 4" fill="none" stroke="#0b1f3a" strokeWidth="3" strokeLinecap="round" />
    </Art>
  );
}

export function StartIcon() {
  return (
    <Art {...ICON}>
      <circle cx="60" cy="60" r="56" fill="#e0f2fe" />
      <path d="M24 94q20-24 40-12t32-20" fill="none" stroke="#133463" strokeWidth="5" strokeDasharray="2 8" strokeLinecap="round" />
      <circle cx="24" cy="94" r="7" fill="#1d4ed8" />
      <path d="M94 24v46" stroke="#0b1f3a" strokeWidth="5" strokeLinecap="round" />
      <path d="M96 26h-30l8 10-8 10h30z" fill="#dc2626" />
    </Art>
  );
}

export function ParkingIcon() {
  return (
    <Art {...ICON}>
      <circle cx="60" cy="60" r="56" fill="#e8effc" />
      <rect x="22" y="22" width="38" height="38" rx="8" fill="#1d4ed8" />
      <path d="M35 51V31h8a6 6 0 0 1 0 12h-8" fill="none" stroke="#ffffff" strokeWidth="5" strokeLinejoin="round" />
      <path d="M42 86l6-16a6 6 0 0 1 6-4h22a6 6 0 0 1 6 4l6 16z" fill="#133463" />
      <rect x="36" y="84" width="58" height="16" rx="5" fill="#0b1f3a" />
      <circle cx="48" cy="100" r="6" fill="#4d5b70" />
      <circle cx="82" cy="100" r="6" fill="#4d5b70" />
      <path d="M50 84l4-12h22l4 12z" fill="#8fd3ff" />
    </Art>
  );
}
