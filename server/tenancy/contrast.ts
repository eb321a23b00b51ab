/**
 * WCAG 2.x contrast ratio of two #rrggbb colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
 * Twelve lines of a published formula; a dependency would add more than it saves.
 */
export function contrastRatio(foreground: string, background: string): number {
  const [l1, l2] = [relativeLuminance(foreground), relativeLuminance(background)];
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG AA for normal text. */
export const AA_NORMAL_TEXT = 4.5;
