// Async boundary: shared modules are negotiated before the harness runs.
void import('./bootstrap');
