/** The reference module's public face: how other modules pick and localize reply texts. */
export { LanguageIdQuery, localized, queryLanguageId, replyLanguage } from './localize';
