/** Fieldhouse's mark (the same drawing as public/icon.svg), decorative beside the app's name. */
export function AppMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1c4e80" />
      <path d="M14 44V24l18-10 18 10v20" fill="none" stroke="#fff" strokeWidth="5" strokeLinejoin="round" />
      <path d="M25 44V31h14v13" fill="none" stroke="#f5b700" strokeWidth="5" strokeLinejoin="round" />
    </svg>
  );
}
