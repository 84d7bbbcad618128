import { afterPrerenderedViewPainted } from './features/remotes/prerenderedPaint';

// Async boundary: Module Federation negotiates the shared singletons before any app code runs.
void afterPrerenderedViewPainted().then(() => import('./bootstrap'));
