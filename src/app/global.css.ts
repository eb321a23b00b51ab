import { globalStyle } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/*
 * Page-wide rules. Colours and fonts come only from the theme contract: the tenant's values
 * arrive as CSS variables in /theme.css before any script runs.
 */
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontSize: vars.font.baseSize,
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minWidth: 320,
  fontFamily: vars.font.body,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  overflowWrap: 'anywhere',
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.heading,
  lineHeight: 1.25,
  margin: `0 0 ${vars.space.sm}`,
});
globalStyle('h1', { fontSize: '1.75rem' });
globalStyle('h2', { fontSize: '1.375rem' });
globalStyle('h3', { fontSize: '1.125rem' });
globalStyle('p', { margin: `0 0 ${vars.space.sm}` });

globalStyle('a', { color: vars.color.primary, textUnderlineOffset: '0.15em' });
globalStyle('img, svg', { maxWidth: '100%', display: 'block' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('button', { cursor: 'pointer' });

// A thick ring in the brand colour, offset so it never blends into the focused control itself.
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.primary}`,
  outlineOffset: 2,
});

globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

// The server-rendered loading shell inside #root (server/modules/web/index-html.ts), shown until
// the app's first render replaces it.
globalStyle('.sk-shell', {
  flex: 1,
  display: 'grid',
  placeContent: 'center',
  padding: vars.space.lg,
  textAlign: 'center',
});
globalStyle('.sk-shell-brand', {
  fontFamily: vars.font.heading,
  fontSize: '1.5rem',
  fontWeight: 700,
  color: vars.color.primary,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
