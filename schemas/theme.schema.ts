import { Type, type Static } from 'typebox';

const Colour = (description: string) =>
  Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: `${description} (#rrggbb)` });

/**
 * Design tokens every theme defines. The web app reads them through the vanilla-extract
 * contract in themes/contract.css.ts; the server turns them into CSS variables per tenant.
 */
export const ThemeTokens = Type.Object(
  {
    color: Type.Object({
      primary: Colour('Brand colour of buttons and links'),
      onPrimary: Colour('Text on the primary colour'),
      secondary: Colour('Accent colour'),
      onSecondary: Colour('Text on the accent colour'),
      background: Colour('Page background'),
      surface: Colour('Cards and dialogs'),
      text: Colour('Body text on background and surface'),
      mutedText: Colour('Secondary text on background and surface'),
      border: Colour('Hairlines and input borders'),
      headerBackground: Colour('Header bar'),
      headerText: Colour('Text on the header bar'),
      footerBackground: Colour('Footer'),
      footerText: Colour('Text on the footer'),
      danger: Colour('Errors'),
      success: Colour('Confirmations'),
    }),
    font: Type.Object({
      body: Type.String({ description: 'CSS font-family of body text' }),
      heading: Type.String({ description: 'CSS font-family of headings' }),
      baseSize: Type.String({ pattern: '^[0-9.]+(px|rem)$', description: 'Root font size' }),
    }),
    radius: Type.Object({
      small: Type.String({ description: 'Inputs and chips' }),
      medium: Type.String({ description: 'Buttons' }),
      large: Type.String({ description: 'Cards and dialogs' }),
    }),
    space: Type.Object({
      xs: Type.String(),
      sm: Type.String(),
      md: Type.String(),
      lg: Type.String(),
      xl: Type.String(),
    }),
    shadow: Type.Object({
      card: Type.String({ description: 'Resting cards' }),
      raised: Type.String({ description: 'Dialogs and dropdowns' }),
    }),
  },
  { additionalProperties: false },
);
export type ThemeTokens = Static<typeof ThemeTokens>;

/** A base theme file in themes/<name>.json. */
export const BaseTheme = Type.Object({
  name: Type.String(),
  description: Type.String(),
  tokens: ThemeTokens,
});
export type BaseTheme = Static<typeof BaseTheme>;

/** Pairs of (text, background) token paths that must meet WCAG AA (4.5:1) in every theme. */
export const CONTRAST_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['color.text', 'color.background'],
  ['color.text', 'color.surface'],
  ['color.mutedText', 'color.background'],
  ['color.mutedText', 'color.surface'],
  ['color.onPrimary', 'color.primary'],
  ['color.onSecondary', 'color.secondary'],
  ['color.headerText', 'color.headerBackground'],
  ['color.footerText', 'color.footerBackground'],
  ['color.primary', 'color.surface'],
  ['color.danger', 'color.surface'],
];
