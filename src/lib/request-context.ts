import type { LanguageCode } from '../../schemas/tenant.schema';

/**
 * Values every request carries that are known only after boot: the tenant's canonical company
 * code (a custom domain resolves to it on the server) and the active language. Kept outside
 * Redux so the base query and the boot request read them the same way.
 */
const context: { companyCode: string; language: LanguageCode } = { companyCode: '', language: 'vi' };

export const getCompanyCode = () => context.companyCode;
export const setCompanyCode = (code: string) => {
  context.companyCode = code;
};
export const getRequestLanguage = () => context.language;
export const setRequestLanguage = (language: LanguageCode) => {
  context.language = language;
};
