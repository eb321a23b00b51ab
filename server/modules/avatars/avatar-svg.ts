/** Background colours that all keep white initials above WCAG AA. */
const PALETTE = ['#0b5cad', '#7a0f12', '#1d6b3a', '#6b3fa0', '#8a4b00', '#00636b', '#a4161a', '#37474f'];

/**
 * A generated avatar: initials on a colour picked from the name. Demo doctors have no real
 * photos; a deterministic SVG keeps the data fictional and costs no storage.
 */
export function avatarSvg(name: string, seed: number): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = ((words.at(-2)?.[0] ?? '') + (words.at(-1)?.[0] ?? '')).toUpperCase() || '?';
  const colour = PALETTE[Math.abs(seed) % PALETTE.length];
  const safe = initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img"><rect width="160" height="160" fill="${colour}"/><text x="80" y="80" dy="0.35em" text-anchor="middle" font-family="Arial, sans-serif" font-size="60" font-weight="700" fill="#ffffff">${safe}</text></svg>`;
}
