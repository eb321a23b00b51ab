/**
 * The search module's public face: the SQL searches the in-process index
 * (server/services/search-index) must answer alike, for that index's comparison tests and
 * the engine benchmark.
 */
export { likeEscaped, nameMatches } from './doctor-search';
export { globalSearch, searchResults } from './search-repository';
