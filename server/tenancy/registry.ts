import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseTheme, CONTRAST_PAIRS, type ThemeTokens } from '../../schemas/theme.schema';
import { TenantConfig } from '../../schemas/tenant.schema';
import { checkTenantConfigContent } from './content-check';
import { AA_NORMAL_TEXT, contrastRatio } from './contrast';
import { navigationWithoutRoute } from './nav-routes';
import { ConfigError, validateConfig } from './validate';

/** A validated tenant with its resolved theme. */
export interface Tenant {
  config: TenantConfig;
  /** Base theme merged with the tenant's overrides. */
  theme: ThemeTokens;
  /** Absolute path of tenants/<code>/ for logos and other assets. */
  folder: string;
}

/** All tenants, indexed the ways requests find them. */
export interface TenantRegistry {
  byCode: ReadonlyMap<string, Tenant>;
  byDomain: ReadonlyMap<string, Tenant>;
  defaultTenant: Tenant;
}

export interface LoadOptions {
  tenantsDir: string;
  themesDir: string;
  defaultCode: string;
}

/**
 * Loads and validates every tenants/<code>/tenant.json. Any invalid file, navigation link to a page
 * the app does not have, unknown theme, theme that fails WCAG AA contrast, feature on without the
 * one it needs, or footer link to a page whose feature is off throws a ConfigError naming the file
 * and field: nothing half-loads.
 */
export function loadTenantRegistry({ tenantsDir, themesDir, defaultCode }: LoadOptions): TenantRegistry {
  const byCode = new Map<string, Tenant>();
  const byDomain = new Map<string, Tenant>();
  const folders = readdirSync(tenantsDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const dir of folders) {
    const folder = path.join(tenantsDir, dir.name);
    const file = path.join(folder, 'tenant.json');
    const label = path.relative(process.cwd(), file) || file;
    if (!existsSync(file)) throw new ConfigError(`${label}: file is missing`);
    const config = validateConfig<TenantConfig>(TenantConfig, parseJson(file, label), label);
    if (config.code !== dir.name) {
      throw new ConfigError(
        `${label}: field /code "${config.code}" must equal the folder name "${dir.name}"`,
      );
    }
    if (!config.languages.offered.includes(config.languages.default)) {
      throw new ConfigError(`${label}: field /languages/default must be one of /languages/offered`);
    }
    const deadLinks = navigationWithoutRoute(config.navigation);
    if (deadLinks.length > 0) throw new ConfigError(`${label}: ${deadLinks.join('; ')}`);
    const theme = resolveTheme(config, themesDir, label);
    checkTenantConfigContent(config, label);
    const tenant: Tenant = { config, theme, folder };
    byCode.set(config.code, tenant);
    for (const domain of config.domains) {
      const owner = byDomain.get(domain);
      if (owner)
        throw new ConfigError(`${label}: field /domains "${domain}" is already used by ${owner.config.code}`);
      byDomain.set(domain, tenant);
    }
  }
  const defaultTenant = byCode.get(defaultCode);
  if (!defaultTenant) throw new ConfigError(`DEFAULT_TENANT "${defaultCode}" has no folder in ${tenantsDir}`);
  return { byCode, byDomain, defaultTenant };
}

function parseJson(file: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${label}: is not valid JSON (${(error as Error).message})`);
  }
}

function resolveTheme(config: TenantConfig, themesDir: string, label: string): ThemeTokens {
  const themeFile = path.join(themesDir, `${config.theme.base}.json`);
  if (!/^[a-z0-9-]+$/.test(config.theme.base) || !existsSync(themeFile)) {
    throw new ConfigError(`${label}: field /theme/base "${config.theme.base}" is not a theme in themes/`);
  }
  const base = validateConfig<BaseTheme>(BaseTheme, parseJson(themeFile, themeFile), themeFile);
  const tokens = structuredClone(base.tokens) as unknown as Record<string, Record<string, string>>;
  for (const [group, values] of Object.entries(config.theme.overrides)) {
    Object.assign(tokens[group] ?? {}, values);
  }
  const theme = tokens as unknown as ThemeTokens;
  for (const [fg, bg] of CONTRAST_PAIRS) {
    const ratio = contrastRatio(tokenAt(theme, fg), tokenAt(theme, bg));
    if (ratio < AA_NORMAL_TEXT) {
      throw new ConfigError(
        `${label}: field /theme ${fg} on ${bg} has contrast ${ratio.toFixed(2)}:1, below WCAG AA ${AA_NORMAL_TEXT}:1`,
      );
    }
  }
  return theme;
}

function tokenAt(theme: ThemeTokens, dotted: string): string {
  const [group, key] = dotted.split('.') as [string, string];
  return (theme as unknown as Record<string, Record<string, string>>)[group]![key]!;
}
