/** A glyph from the social icon sprite in /public/icons/social.svg, coloured by currentColor. */
export function SocialIcon({ id, className = 'size-5' }: { id: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <use href={`/icons/social.svg#${id}`} />
    </svg>
  );
}
