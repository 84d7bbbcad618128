// Async boundary: Module Federation negotiates the shared singletons before any app code runs.
// (On a page with a prerendered view the server runs this entry only once that view is painted:
// shell/server/entryAfterFirstPaint.mjs.)
void import('./bootstrap');
