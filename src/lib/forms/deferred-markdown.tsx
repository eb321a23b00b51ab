import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as RealMarkdown } from 'markdown-to-jsx';

// The renderer itself, through the package's main entry: the build's alias (vite.config.ts)
// replaces only `markdown-to-jsx/react` with this file.
const Renderer = lazy(() => import('markdown-to-jsx').then(({ Markdown }) => ({ default: Markdown })));

/**
 * What the form renderer (@rjsf/core) imports as `markdown-to-jsx/react`: the Markdown renderer,
 * loaded only when a form shows Markdown (a description with `ui:enableMarkdownInDescription`,
 * rjsf's own error notes), with the plain text meanwhile. Why: the renderer is 30 KB gz that the
 * schema forms (join pages, patient form, insurance claim) would load before their first render
 * for text they never show.
 */
export function Markdown(props: ComponentProps<typeof RealMarkdown>) {
  return (
    <Suspense fallback={props.children}>
      <Renderer {...props} />
    </Suspense>
  );
}
