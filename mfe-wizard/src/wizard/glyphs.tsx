/** The play and stop marks of the wizard's one-button players (voice samples, the audio input). */
export const PlayGlyph = () => (
  <svg aria-hidden viewBox="0 0 16 16" className="size-4 fill-current">
    <path d="M4 2.5v11l9-5.5z" />
  </svg>
);
export const StopGlyph = () => (
  <svg aria-hidden viewBox="0 0 16 16" className="size-4 fill-current">
    <rect x="3.5" y="3.5" width="9" height="9" rx="1" />
  </svg>
);
