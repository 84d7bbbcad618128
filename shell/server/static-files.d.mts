// Types of static-files.mjs, which stays plain Node ESM: the remotes' static server
// (tools/serve-static.mjs) runs it as it is, without a build.
import type http from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const JSON_TYPE: string;
export const COMPRESSION_THRESHOLD_BYTES: number;
export function cacheControlFor(filePath: string): string;
export function createFastifyServer(
  register: (app: FastifyInstance) => void | Promise<void>,
  options?: { trustProxy?: boolean | string },
): http.Server;
export function registerStaticFiles(
  app: FastifyInstance,
  root: string,
  options?: { extraHeaders?: Record<string, string>; serveIndexHtml?: boolean },
): unknown;
export function looksLikeFile(url: string): boolean;
export function sendNotFound(
  reply: FastifyReply,
  extraHeaders?: Record<string, string>,
): FastifyReply;
export function sendJson(
  reply: FastifyReply,
  status: number,
  value: unknown,
  extraHeaders?: Record<string, string>,
): FastifyReply;
export function closeGracefullyOnSignals(server: http.Server, name: string, graceMs?: number): void;
