/**
 * Lets code outside React (the base query) navigate inside the single-page app. The app registers
 * the router's navigate; before that (or in tests) a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigator: Navigate = (path) => window.location.assign(path);

export const registerNavigator = (navigate: Navigate) => {
  navigator = navigate;
};

export const navigateTo = (path: string) => navigator(path);
