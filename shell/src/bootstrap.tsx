import { startShell } from './startShell';

void startShell({ root: document.getElementById('root')! });
