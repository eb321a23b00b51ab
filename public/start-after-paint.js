// Starts the app's code once a server-rendered page has painted (server/modules/web/index-html.ts).
// The page arrives with its content: its code (entry, libraries, page chunk, messages; listed in
// the #sk-code data block) is asked for after the first paint, so on a slow phone the HTML and
// CSS have the network to themselves and the content shows first; React then hydrates it.
// A hidden tab paints nothing: the timeout starts the code there too.
const code = JSON.parse(document.getElementById('sk-code')?.textContent ?? '[]');
let started = false;
function start() {
  if (started || code.length === 0) return;
  started = true;
  for (const href of code.slice(1)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = code[0];
  document.head.append(entry);
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
