import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract. Variable names are fixed (`--sk-color-primary`, ...) rather than hashed so
 * the server can emit a tenant's tokens as plain CSS (GET /theme.css) before any script runs:
 * a new tenant or a token change needs no rebuild and never flashes the wrong brand.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      primary: null,
      onPrimary: null,
      secondary: null,
      onSecondary: null,
      background: null,
      surface: null,
      text: null,
      mutedText: null,
      border: null,
      headerBackground: null,
      headerText: null,
      footerBackground: null,
      footerText: null,
      danger: null,
      success: null,
    },
    font: { body: null, heading: null, baseSize: null },
    radius: { small: null, medium: null, large: null },
    space: { xs: null, sm: null, md: null, lg: null, xl: null },
    shadow: { card: null, raised: null },
  },
  (_value, path) => `sk-${path.join('-')}`,
);
