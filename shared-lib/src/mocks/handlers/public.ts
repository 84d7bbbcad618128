import { http, HttpResponse } from 'msw';
import { PUBLIC_ROUTES } from '../../contract/apiRoutes';
import { API_PATHS } from '../../contract/paths';
import type { OpenApiDocument } from '../../contract/types';
import type { MockDb } from '../db';
import { ok } from '../respond';
import { handle, route } from './route';

export const MOCK_CSP_NONCE = 'mock-nonce';

export function publicHandlers(db: MockDb) {
  return [
    handle(PUBLIC_ROUTES.botStats, () => ok(db.botStats)),
    handle(PUBLIC_ROUTES.health, () =>
      ok({ status: 'ok', database: 'ok', redis: 'not_configured', jobs: 'ok', gateway: 'ok' }),
    ),
    // The real document comes from the API; the mock only names the paths it answers.
    handle(PUBLIC_ROUTES.openapi, () =>
      HttpResponse.json<OpenApiDocument>({
        openapi: '3.1.0',
        info: { title: 'RoConnect API (mock)', version: '0.0.0' },
        paths: {},
      }),
    ),
    // served by the shell's own server in real life: no envelope
    http.get(route(API_PATHS.cspNonce), () => HttpResponse.json({ nonce: MOCK_CSP_NONCE })),
  ];
}
