import type { ThemeTokens } from '../../../schemas/theme.schema';

/**
 * A tenant's tokens as CSS custom properties named like themes/contract.css.ts
 * (`--sk-color-primary`), loaded by index.html before any script: first paint is on-brand and a
 * token change needs no rebuild.
 */
export function themeCss(tokens: ThemeTokens): string {
  const lines: string[] = [];
  for (const [group, values] of Object.entries(tokens)) {
    for (const [key, value] of Object.entries(values as Record<string, string>)) {
      lines.push(`  --sk-${group}-${key}: ${String(value).replace(/[;{}<>]/g, '')};`);
    }
  }
  return `:root {\n${lines.join('\n')}\n  color-scheme: light;\n}\n`;
}
